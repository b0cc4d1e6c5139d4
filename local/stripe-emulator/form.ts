/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies and query strings in the
 * qs library's indexed-bracket style (`line_items[0][price]=…&expand[0]=…&metadata[userId]=…`).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    assign(root, path, value);
  }
  return root;
}

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  const key = head === '' && Array.isArray(target) ? String(target.length) : head!;
  const container = target as Record<string, FormValue>;
  if (rest.length === 0) {
    container[key] = value;
    return;
  }
  const nextIsIndex = /^\d*$/.test(rest[0]!);
  let child = container[key];
  if (child === undefined || typeof child === 'string') {
    child = nextIsIndex ? [] : {};
    container[key] = child;
  }
  assign(child as FormObject | FormValue[], rest, value);
}

export function stringField(form: FormObject, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' ? value : undefined;
}

export function objectField(form: FormObject, name: string): FormObject | undefined {
  const value = form[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function listField(form: FormObject, name: string): FormValue[] {
  const value = form[name];
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') return Object.values(value);
  return typeof value === 'string' ? [value] : [];
}

/** Metadata values must be strings; Stripe drops keys set to the empty string. */
export function metadataField(form: FormObject, name: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(objectField(form, name) ?? {})) {
    if (typeof value === 'string' && value !== '') metadata[key] = value;
  }
  return metadata;
}
