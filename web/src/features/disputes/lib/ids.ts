/** A random id (not crypto.randomUUID(): it is missing outside secure contexts, e.g. plain-HTTP LAN dev). */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
