/**
 * Audit details never hold a secret: keys that name one (password, code, token, secret, pepper,
 * hash, cookie, key) are replaced by "[redacted]" at any depth before a row is written.
 */
const SECRET_KEY = /pass(word)?|^code$|otp|token|secret|pepper|hash|cookie|authorization|api[-_]?key|idempotency/i;

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1);
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The top-level fields whose values differ between two flat-or-nested records (for "what changed"). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}
