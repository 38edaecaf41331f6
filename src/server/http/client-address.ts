// Who is calling, as far as the server can tell: the client's IP address (rate limits, the
// session's clientIpAddress) and whether it came over https.
//
// The IP is the TCP peer's address. X-Forwarded-For is trusted only with RAMP_TRUST_PROXY=1, which
// means: exactly one reverse proxy sits in front of this server and appends the address it saw;
// the last entry of the header is then that address (earlier entries are client-supplied and ignored).
import { isIP } from 'node:net';
import type { Context } from 'hono';

interface NodeBindings {
  incoming?: {
    socket?: { remoteAddress?: string; encrypted?: boolean };
    url?: string;
    headers?: Record<string, string | string[] | undefined>;
  };
}

/**
 * A request header (lower-case name). On Node it is read from the incoming message, which spares
 * building a Headers object for the whole request on paths that read one or two headers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const headers = (c.env as NodeBindings | undefined)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const xff = c.req.header('x-forwarded-for');
    const last = xff?.split(',').pop()?.trim();
    if (last && isIP(normalizeIp(last))) return normalizeIp(last);
  }
  const peer = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  return peer && isIP(normalizeIp(peer)) ? normalizeIp(peer) : undefined;
}

/** IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d. */
const normalizeIp = (ip: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/** The raw request target as received on the socket (before URL normalisation), when on Node. */
export function rawTarget(c: Context): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.url;
}

/**
 * Whether the browser reached the server over https (for HSTS): the connection's scheme, or with
 * RAMP_TRUST_PROXY=1 the proxy's X-Forwarded-Proto. The server's origin itself is never read from
 * a request (see publicUrl in config.ts).
 */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (!trustProxy) return c.req.url.startsWith('https:');
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') return proto === 'https';
  }
  return new URL(c.req.url).protocol === 'https:';
}
