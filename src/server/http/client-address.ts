// Who is calling, as far as the server can tell: the client's IP address (rate limits, the
// session's clientIpAddress) and whether it came over https.
//
// The address is an explicit input of the app (Hono's `c.env`, a `Connection`): the Node entries
// (node/handler.ts: `npm start`, the CLI, Express) pass the socket's peer; the Web entry
// (`createRampServer().fetch`) passes what its caller or its `clientIp(request)` option says.
// X-Forwarded-For is trusted only with RAMP_TRUST_PROXY=N (1, 2…; `true` is 1), which means: N
// reverse proxies sit in front of this server, each appending the address it saw; the Nth entry from
// the right is then the client's address, as the outermost proxy saw it (entries left of it are
// client-supplied and ignored). A header shorter than that says nothing: the socket's peer is used.
//
// A request whose address is unknown is never counted in a bucket shared with other unknown
// clients (one visitor would then spend everyone's allowance): what needs a per-client allowance
// is refused with 500 CLIENT_ADDRESS_UNKNOWN, naming the fix, and the server logs it once.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { HttpError } from './errors';

/** What the entry knows of the connection a request came on. */
export interface Connection {
  /** The client's IP address: the TCP peer (Node entries) or what the Web entry was told. */
  clientIp?: string;
  /** The request target as received on the socket, before URL normalisation (Node entries). */
  target?: string;
  /** Headers that must come once but came more often (Node keeps only the first of each). */
  repeated?: string[];
}

/**
 * Headers a request carries at most once: a second Host or Authorization is a smuggling attempt, and a
 * second X-Forwarded-For (Node joins the two) would let a client place its own entry where the proxy's
 * is read (RAMP_TRUST_PROXY).
 */
export const SINGLE_HEADERS = ['host', 'authorization', 'content-type', 'content-length', 'x-forwarded-for'];

/** Which of SINGLE_HEADERS Node's raw header list (name, value, name, value, …) has twice. */
export function repeatedHeaders(rawHeaders: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (!SINGLE_HEADERS.includes(name)) continue;
    if (seen.has(name)) twice.add(name);
    seen.add(name);
  }
  return [...twice];
}

/** Refuses a request that sent a single header twice (or, on the Web entry, a Host of two values). */
export function refuseRepeatedHeaders(c: Context): void {
  const repeated = connection(c)?.repeated ?? [];
  if (repeated.length === 0 && !(c.req.header('host') ?? '').includes(',')) return;
  const names = repeated.length > 0 ? repeated : ['host'];
  throw new HttpError(400, 'DUPLICATE_HEADER', `Send ${names.join(', ')} once`);
}

const connection = (c: Context): Connection | undefined => c.env as Connection | undefined;

/** The client's address: `hops` entries from the right of X-Forwarded-For, else the connection's. */
export function clientIp(c: Context, hops: number): string | undefined {
  if (hops > 0) {
    const entries = c.req.header('x-forwarded-for')?.split(',') ?? [];
    const forwarded = entries.length >= hops ? validIp(entries[entries.length - hops]) : undefined;
    if (forwarded !== undefined) return forwarded;
  }
  return validIp(connection(c)?.clientIp);
}

/** The client's address, for what needs a per-client allowance; refuses when it is unknown. */
export function requireClientIp(c: Context, hops: number): string {
  const ip = clientIp(c, hops);
  if (ip !== undefined) return ip;
  throw new HttpError(
    500,
    'CLIENT_ADDRESS_UNKNOWN',
    'The server cannot tell its clients apart: serve it through nodeHandler, give createRampServer a clientIp(request) option, or set RAMP_TRUST_PROXY=1 behind a proxy that sends X-Forwarded-For',
  );
}

/**
 * The key a per-client allowance is counted under: an IPv4 address, or an IPv6 address's /64 (one
 * subscriber's network is a /64 at least: keyed by full address, one client holding a /64 would get a
 * fresh allowance per address, 2^64 of them).
 */
export function limitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** An IP address as given (IPv4-mapped IPv6 shortened), or undefined when it is not one. */
export function validIp(ip: string | undefined): string | undefined {
  if (ip === undefined) return undefined;
  const n = normalizeIp(ip.trim());
  return isIP(n) ? n : undefined;
}

/** IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d. */
const normalizeIp = (ip: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/** The raw request target as received on the socket (before URL normalisation), when on Node. */
export function rawTarget(c: Context): string | undefined {
  return connection(c)?.target;
}

/**
 * Whether the browser reached the server over https (for HSTS): the connection's scheme, or behind
 * RAMP_TRUST_PROXY's proxies the outermost one's X-Forwarded-Proto. The server's origin itself is never read from
 * a request (see publicUrl in config.ts).
 */
export function isHttps(c: Context, hops: number): boolean {
  if (hops > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') return proto === 'https';
  }
  return c.req.url.startsWith('https:');
}
