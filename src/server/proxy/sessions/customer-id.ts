// The externalCustomerId the server sends upstream when no merchant customer id is known (an intent's
// customerId wins when there is one; see session-body.ts).
//
// Choice: a first-party cookie that this server sets, holding a random id it signed, turned into the
// customer id by an HMAC under the server secret. Why:
// - stable: the same browser keeps the same id across checkouts (a year), so the upstream and its
//   partners see one returning customer ("previously used", KYC reuse) instead of a stranger per order;
// - never chosen by the browser: a cookie value without our signature is replaced by a fresh one, so a
//   browser can only present ids this server issued, and cannot pick or guess another shopper's id;
// - pseudonymous, no personal data: the id is random, the HMAC hides even that from the upstream, and
//   nothing about the shopper (IP, user agent, wallet) goes into it. Rotating the secret rotates every id.
// Cross-site embeds (a merchant page on another site calling this server) usually get no third-party
// cookie; each of their checkouts then gets a fresh id, which is still server-derived.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { isHttps } from '../../http/client-address';
import { API_PREFIX } from '../../../api/proxy/contract';

export const CUSTOMER_COOKIE = 'rc_cid';
const MAX_AGE_S = 365 * 24 * 60 * 60;

export interface CustomerIds {
  /** The externalCustomerId for this browser, setting its cookie when it has none (or a forged one). */
  forRequest(c: Context): string;
  /** The externalCustomerId of a signed cookie value; null when the signature does not hold. */
  fromCookie(value: string | undefined): string | null;
}

export function createCustomerIds(
  secret: string,
  opts: { trustProxy: number; basePath?: string },
): CustomerIds {
  const cookieKey = derive(secret, 'customer-cookie');
  const idKey = derive(secret, 'external-customer-id');
  const mac = (raw: string) => createHmac('sha256', cookieKey).update(raw).digest('base64url');
  const customerId = (raw: string) =>
    `rcc_${createHmac('sha256', idKey).update(raw).digest('base64url').slice(0, 32)}`;

  const fromCookie = (value: string | undefined): string | null => {
    const m = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
    if (!m) return null;
    const given = Buffer.from(m[2]!);
    const expected = Buffer.from(mac(m[1]!));
    return given.length === expected.length && timingSafeEqual(given, expected) ? customerId(m[1]!) : null;
  };

  // The cookie's attributes, serialised once per scheme (the value is base64url and a dot, which
  // the serialiser leaves as it is).
  const attributes = (secure: boolean) =>
    generateCookie(CUSTOMER_COOKIE, '', {
      // Under the mount path (RAMP_PUBLIC_URL's), so the browser sends it back to the API there.
      path: `${opts.basePath ?? ''}${API_PREFIX}`,
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge: MAX_AGE_S,
    }).slice(`${CUSTOMER_COOKIE}=`.length);
  const overHttp = attributes(false);
  const overHttps = attributes(true);

  const issue = (c: Context) => {
    const known = fromCookie(cookieOf(c));
    if (known) return { id: known, setCookie: null };
    const raw = randomId();
    const setCookie = `${CUSTOMER_COOKIE}=${raw}.${mac(raw)}${isHttps(c, opts.trustProxy) ? overHttps : overHttp}`;
    return { id: customerId(raw), setCookie };
  };

  return {
    fromCookie,
    forRequest(c) {
      const { id, setCookie } = issue(c);
      if (setCookie) c.header('Set-Cookie', setCookie, { append: true });
      return id;
    },
  };
}

/** The browser's customer cookie. */
function cookieOf(c: Context): string | undefined {
  const header = c.req.header('cookie');
  return header ? parse(header, CUSTOMER_COOKIE)[CUSTOMER_COOKIE] : undefined;
}

// 16 random bytes per new browser, cut from a pooled buffer: one call into the system's generator
// per 256 ids rather than one per id (what crypto.randomUUID does too).
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomId(): string {
  if (poolAt >= pool.length) {
    pool = randomBytes(16 * POOL_IDS);
    poolAt = 0;
  }
  const id = pool.toString('base64url', poolAt, poolAt + 16);
  poolAt += 16;
  return id;
}

const derive = (secret: string, purpose: string): Buffer =>
  createHmac('sha256', secret).update(`ramp-checkout:${purpose}`).digest();
