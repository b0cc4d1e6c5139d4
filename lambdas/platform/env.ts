/**
 * Typed readers for environment configuration. Each Lambda reads its configuration once at
 * cold start through these, so a missing or malformed setting fails fast with a clear message.
 */
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function requiredString(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`Missing required environment variable ${name}`);
  return value;
}

export function optionalString(env: Env, name: string, fallback: string): string;
export function optionalString(env: Env, name: string): string | undefined;
export function optionalString(env: Env, name: string, fallback?: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`Environment variable ${name} must be an integer ≥ ${min}, got "${raw}"`);
  }
  return value;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`Environment variable ${name} must be true or false, got "${raw}"`);
}

export function list(env: Env, name: string, fallback: string[] = []): string[] {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
