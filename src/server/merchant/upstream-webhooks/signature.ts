// The service's webhook signature (UPSTREAM-NOTES §10.1): `Meld-Signature` is the base64url (with
// `=` padding) HMAC-SHA256, keyed with the webhook profile's secret, of
// `<Meld-Signature-Timestamp>.<public URL>.<raw body>`. The URL is the one the service posted to
// (behind a TLS-terminating proxy, the public https one), so the server signs over RAMP_PUBLIC_URL
// and the path, never over a Host header a caller chose.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Meld-Signature';
export const TIMESTAMP_HEADER = 'Meld-Signature-Timestamp';
/** How old (or how far ahead) a signature's timestamp may be. */
export const TOLERANCE_MS = 5 * 60_000;

export type UpstreamSignatureProblem = 'missing' | 'malformed' | 'too_old' | 'mismatch';

/** The signature of `body` posted to `url` at `timestamp` (the header's text, as sent). */
export function upstreamSignature(secret: string, timestamp: string, url: string, body: Uint8Array): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${url}.`)
    .update(body)
    .digest('base64url')
    .padEnd(44, '=');
}

/** A timestamp in unix seconds or ISO 8601 (the docs show ISO; some receivers document seconds). */
export function parseSignatureTime(raw: string): number | null {
  if (/^\d{9,11}$/.test(raw)) return Number(raw) * 1000;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(raw))
    return null;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : t;
}

// 32 bytes in base64url: 43 characters and one `=` (accepted without it too).
const SIGNATURE_RE = /^[A-Za-z0-9_-]{43}=?$/;

/** Null when the request is signed by the holder of `secret` within the tolerance; else why not. */
export function checkUpstreamSignature(
  headers: Headers,
  url: string,
  body: Uint8Array,
  secret: string,
  now: number,
): UpstreamSignatureProblem | null {
  const signature = headers.get(SIGNATURE_HEADER)?.trim();
  const timestamp = headers.get(TIMESTAMP_HEADER)?.trim();
  if (!signature || !timestamp) return 'missing';
  if (!SIGNATURE_RE.test(signature) || timestamp.length > 40) return 'malformed';
  const at = parseSignatureTime(timestamp);
  if (at === null) return 'malformed';
  if (Math.abs(now - at) > TOLERANCE_MS) return 'too_old';
  const expected = Buffer.from(upstreamSignature(secret, timestamp, url, body).replace(/=+$/, ''));
  const given = Buffer.from(signature.replace(/=+$/, ''));
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'mismatch';
}
