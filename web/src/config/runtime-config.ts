/** Where the API lives and the key that identifies the app; one build serves every deployment. */
export interface RuntimeConfig {
  url: string;
  publishableKey: string;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function readNonEmptyString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new RuntimeConfigError(`/config.json: "${field}" must be a non-empty string`);
  return value;
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null)
    throw new RuntimeConfigError('/config.json must be a JSON object');
  const record = value as Record<string, unknown>;
  const url = readNonEmptyString(record.url, 'url');
  try {
    new URL(url);
  } catch {
    throw new RuntimeConfigError(`/config.json: "url" is not a valid URL: ${url}`);
  }
  return {
    url: url.replace(/\/+$/, ''),
    publishableKey: readNonEmptyString(record.publishableKey, 'publishableKey'),
  };
}

/** Read once at start; any problem stops the app with a clear message instead of failing later. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // Same request as the <link rel="preload"> in index.html, so the browser reuses that response
  // (the server marks it no-cache, so it is revalidated rather than stale).
  const response = await fetchImpl('/config.json');
  if (!response.ok) throw new RuntimeConfigError(`/config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError('/config.json is not valid JSON');
  }
  return parseRuntimeConfig(body);
}
