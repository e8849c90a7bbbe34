import { isIP } from 'node:net';

/**
 * What Fastify's trustProxy is given: false (the socket's address is the client's), a number of
 * proxy hops, or the proxies' addresses and CIDR ranges. Never `true`: with it, proxy-addr trusts
 * every hop and answers the leftmost X-Forwarded-For entry, which the client writes itself (a
 * proxy appends the address it saw, it does not replace the header). Every per-address limit (the
 * sign-in limit, the anonymous code budgets, the contact form) would then count an address the
 * client chose on each request (docs/decisions/046-client-address-behind-proxies.md).
 */
export type TrustProxy = false | number | readonly string[];

const MAX_HOPS = 10;

function validAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as written: 'false'; 'true' (one hop: the reverse proxy in front of the app, the
 * client is the address it appended); a whole number of hops (1 to 10, e.g. 2 behind a CDN and a
 * load balancer); or a comma-separated list of the proxies' addresses or CIDR ranges. Null when
 * it is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= MAX_HOPS ? hops : null;
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(validAddressOrRange)) return null;
  return entries;
}

/**
 * The value for Fastify's trustProxy option: false, the proxies' addresses, or for a number of hops
 * the function Fastify would make of it (its types take no number): the socket's peer is hop 0.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
