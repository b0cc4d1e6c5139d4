// One per shared folder: its public entry (the web app imports `@shared/<folder>`).
export * from './bureaus';
export * from './build-letter';
export * from './dates';
export * from './enclosures';
export * from './error-types';
export * from './letter-form';
export * from './reporting-period';
export * from './statutes';
export * from './item-facts';
export * from './item-rules';
export * from './bureau-copies';
export * from './fact-fields';
