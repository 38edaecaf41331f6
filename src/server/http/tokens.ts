// Signed tracking tokens that bind a browser to the sessions it created, and the other uses of the
// server secret. Tokens are `base64url(payload).base64url(HMAC-SHA256(payload))`, with the payload
// `{ sid, exp, xid? }`; they expire, and signatures are compared in constant time.
import { systemClock } from './clock';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_TOKEN_LENGTH, TRACKING_TOKEN_DAYS } from '../../api/proxy/contract';

/** A token reads its order while its browser may list it among its recent orders. */
export const TRACKING_TOKEN_TTL_MS = TRACKING_TOKEN_DAYS * 24 * 60 * 60 * 1000;

export interface TrackingClaims {
  /** The upstream session id the bearer created. */
  sid: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
  /** The externalSessionId we gave the session: finds its transaction when the by-session read cannot. */
  xid?: string;
}

export interface TokenSigner {
  sign(sid: string, externalSessionId?: string): string;
  /** The claims of a valid, unexpired token; null for anything else (never says why). */
  verify(token: string | undefined | null): TrackingClaims | null;
  /** The upstream externalSessionId derived from a browser's Idempotency-Key. */
  externalSessionId(idempotencyKey: string): string;
}

export function createTokenSigner(
  secret: string,
  opts: { now?: () => number; ttlMs?: number } = {},
): TokenSigner {
  const now = opts.now ?? systemClock;
  const ttl = opts.ttlMs ?? TRACKING_TOKEN_TTL_MS;
  // Separate keys per purpose, so a value of one kind can never stand for another.
  const trackingKey = derive(secret, 'tracking-token');
  const sessionKey = derive(secret, 'external-session-id');
  const mac = (payload: string) => createHmac('sha256', trackingKey).update(payload).digest();

  return {
    sign(sid, xid) {
      const claims: TrackingClaims = { sid, exp: now() + ttl, ...(xid === undefined ? {} : { xid }) };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      if (!token || token.length > MAX_TOKEN_LENGTH) return null;
      const dot = token.indexOf('.');
      if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
      const payload = token.slice(0, dot);
      // Compared in its canonical text form: a decoder that skips stray characters or padding
      // would otherwise accept many spellings of one signature.
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(payload).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!isClaims(claims) || claims.exp <= now()) return null;
      return {
        sid: claims.sid,
        exp: claims.exp,
        ...(typeof claims.xid === 'string' ? { xid: claims.xid } : {}),
      };
    },
    externalSessionId(idempotencyKey) {
      return `rc_${createHmac('sha256', sessionKey).update(idempotencyKey).digest('base64url').slice(0, 32)}`;
    },
  };
}

/** Compares two secrets in time independent of where they differ (and of their lengths). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

const derive = (secret: string, purpose: string): Buffer =>
  createHmac('sha256', secret).update(`ramp-checkout:${purpose}`).digest();

const isClaims = (x: unknown): x is TrackingClaims =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as TrackingClaims).sid === 'string' &&
  typeof (x as TrackingClaims).exp === 'number';
