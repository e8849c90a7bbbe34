/**
 * Bounds of every outside body Tapat keeps as received (a provider's callback, a provider's status
 * answer): at most STORED_PAYLOAD_MAX_DEPTH levels of objects and arrays and STORED_PAYLOAD_MAX_BYTES
 * of JSON. A provider's documented bodies are a few levels and a few kilobytes deep; a deeper one
 * used to overflow the stack while it was serialised for storage (a 500; docs/decisions/059).
 * The walk is iterative, so the check itself never overflows.
 */
export const STORED_PAYLOAD_MAX_DEPTH = 32;
export const STORED_PAYLOAD_MAX_BYTES = 64 * 1024;

export type PayloadProblem = 'TOO_DEEP' | 'TOO_LARGE';

/** What makes `value` unfit to be stored as received, or null. */
export function payloadProblem(value: unknown, maxDepth = STORED_PAYLOAD_MAX_DEPTH, maxBytes = STORED_PAYLOAD_MAX_BYTES): PayloadProblem | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return 'TOO_DEEP';
    for (const child of Array.isArray(item) ? item : Object.values(item as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  // Within the depth bound JSON.stringify cannot overflow; its length in UTF-8 bounds what is stored.
  const text = JSON.stringify(value) ?? '';
  return new TextEncoder().encode(text).length > maxBytes ? 'TOO_LARGE' : null;
}
