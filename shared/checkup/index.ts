// One per shared folder: its public entry (the web app imports `@shared/<folder>`).
export * from './answers';
export * from './findings';
export * from './letters';
export * from './model';
export * from './parse';
export * from './reports';
export * from './samples';
export * from './validate';
