/**
 * Fixed facts of the local runtime. The publishable key is public by design (like the Supabase
 * CLI's well-known local anon key): it only identifies the app, it grants nothing.
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_local_credit_dispute_letters_dev';
export const DEFAULT_PORT = 8787;
export const LOCAL_TABLE_NAME = 'credit-dispute-letters';
export const DATA_DIR = '.data';
