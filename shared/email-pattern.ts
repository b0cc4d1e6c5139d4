/**
 * The e-mail pattern alone, without valibot: the SPA's start-up config check uses it, so the
 * first page does not download the schema library (`email-address.ts` builds the rule from it).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
