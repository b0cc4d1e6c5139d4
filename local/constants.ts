/**
 * Fixed facts of the local runtime. The publishable key is public by design (like the Supabase
 * CLI's well-known local anon key): it only identifies the app, it grants nothing.
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_local_credit_dispute_letters_dev';
export const DEFAULT_PORT = 8787;
export const LOCAL_TABLE_NAME = 'credit-dispute-letters';
export const DATA_DIR = '.data';
/** The issuer of local access tokens (`iss`). */
export const LOCAL_JWT_ISSUER = 'http://localhost/auth/v1';

/**
 * The SDK settings every local run gives the Lambdas' clients and its own: DynamoDB Local
 * accepts any credentials, so these fixed ones are set explicitly (never a developer's real ones).
 */
export const LOCAL_AWS_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
} as const;
