/**
 * What must never appear in a log line: the finders for `tests/platform/log-scan.test.ts`.
 * Each finds the kind of value it names in captured output (JSON records, indented records of
 * `npm start`, plain text) and returns what it found.
 */
export interface Finding {
  kind: string;
  value: string;
}

const PATTERNS: [kind: string, pattern: RegExp][] = [
  ['e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  ['access token (JWT)', /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g],
  ['Stripe secret', /\b(?:sk|rk)_(?:test|live)_\w+|\bwhsec_\w+/g],
  // Refresh tokens (71 base64url characters), their stored hashes (43), one-time-code hashes
  // (56 hex, the `token` of an e-mailed link), private key members (43).
  ['token or key material', /(?<![\w-])[A-Za-z0-9_-]{40,}(?![\w-])/g],
  ['bearer credential', /\bBearer\s+\S+/gi],
];

/** JSON members whose value is a secret whatever it looks like. */
const SECRET_MEMBER =
  /"(password|new_password|refresh_token|access_token|token|token_hash|authorization|apikey|otp|secret|d)"\s*:\s*"[^"]+"/gi;
/** A six-digit one-time code as the value of a member. */
const OTP_MEMBER = /"\w*"\s*:\s*"?\d{6}"?(?=\s*[,}\n])/g;

export function findSecrets(text: string, knownSecrets: readonly string[] = []): Finding[] {
  const findings: Finding[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of text.matchAll(pattern)) findings.push({ kind, value: match[0] });
  }
  for (const match of text.matchAll(SECRET_MEMBER)) {
    findings.push({ kind: 'secret member', value: match[0] });
  }
  for (const match of text.matchAll(OTP_MEMBER)) {
    findings.push({ kind: 'one-time code', value: match[0] });
  }
  // Passwords are looked for in log records only (JSON lines, or `npm start`'s indented ones):
  // a plain message of ours may contain an ordinary word a test uses as a password.
  const records = text
    .split('\n')
    .filter((line) => /^[{}\s]/.test(line))
    .join('\n');
  // A password counts as a whole token: '12345' inside a log record's timestamp is not a leak.
  for (const secret of knownSecrets) {
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(records)) {
      findings.push({ kind: 'password used by a test', value: secret });
    }
  }
  return findings;
}
