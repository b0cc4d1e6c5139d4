// One per shared folder: its public entry (the web app imports `@shared/<folder>`).
export * from './attention';
export * from './backup';
export * from './cfpb-complaint';
export * from './citations';
export { DisputeSchema, parseDispute } from './dispute-schema';
export * from './due-date';
export * from './follow-up-letters';
export * from './item-types';
export * from './letter-exhibits';
export * from './model';
export * from './next-steps';
export * from './status';
