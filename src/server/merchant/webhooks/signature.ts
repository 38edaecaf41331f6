// Webhook signatures (docs/CONTRACTS.md §5): `Ramp-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<raw body>">`. The timestamp is signed with the body, so a captured request cannot be
// replayed later than the receiver's tolerance.
import { systemClock } from '../../http/clock';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../../storage/ledger/types';

export const SIGNATURE_HEADER = 'Ramp-Signature';
export const DEFAULT_TOLERANCE_SEC = 300;

export function signatureHeader(rawBody: string, secret: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type WebhookErrorReason = 'malformed' | 'bad_signature' | 'too_old';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookErrorReason;
  constructor(reason: WebhookErrorReason, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export interface VerifyOptions {
  /** How old (or how far ahead) the signature's timestamp may be. @default 300 */
  toleranceSec?: number;
  /** The current time in epoch milliseconds (tests). @default the system clock */
  now?: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; invalid UTF-8 is refused, never verified against its U+FFFD replacement text. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new WebhookVerificationError('malformed', 'The body is not valid UTF-8');
  }
}

/**
 * A `Ramp-Signature` header for `rawBody`, as the server signs it, for a merchant's own tests of its
 * webhook handler: `verifyWebhook(body, generateTestWebhookHeader(body, secret), secret)` passes.
 */
export function generateTestWebhookHeader(
  rawBody: string,
  secret: string,
  options: { timestamp?: number } = {},
): string {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('generateTestWebhookHeader: the webhook secret is required');
  }
  return signatureHeader(rawBody, secret, options.timestamp ?? Math.floor(systemClock() / 1000));
}

/**
 * Checks a webhook's signature against the raw body exactly as received (before any JSON parsing)
 * and returns the parsed event; throws a WebhookVerificationError saying why otherwise.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signature: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('verifyWebhook: the webhook secret is required');
  }
  const tolerance = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  // NaN or Infinity would accept any age: a replay window must be a number of seconds.
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new TypeError(
      `verifyWebhook: toleranceSec must be a finite number of seconds ≥ 0 (got ${String(tolerance)})`,
    );
  }
  const body = typeof rawBody === 'string' ? rawBody : decodeUtf8(rawBody);
  if (!signature)
    throw new WebhookVerificationError('malformed', `The ${SIGNATURE_HEADER} header is missing`);
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of signature.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  if (t === undefined || v1.length === 0) {
    throw new WebhookVerificationError(
      'malformed',
      `The ${SIGNATURE_HEADER} header must read t=<unix seconds>,v1=<64 hex digits>`,
    );
  }
  const expected = Buffer.from(signatureHeader(body, secret, t).slice(`t=${t},v1=`.length), 'hex');
  const ok = v1.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) {
    throw new WebhookVerificationError(
      'bad_signature',
      'The signature does not match this body and secret (use the raw body, before JSON parsing)',
    );
  }
  const nowSec = Math.floor((options.now ?? systemClock()) / 1000);
  if (Math.abs(nowSec - t) > tolerance) {
    throw new WebhookVerificationError(
      'too_old',
      `The signature is ${nowSec - t} s old; at most ${tolerance} s is accepted`,
    );
  }
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('malformed', 'The body is not JSON');
  }
  if (
    typeof event !== 'object' ||
    event === null ||
    typeof (event as WebhookEvent).id !== 'string' ||
    typeof (event as WebhookEvent).type !== 'string' ||
    typeof (event as WebhookEvent).data !== 'object'
  ) {
    throw new WebhookVerificationError(
      'malformed',
      'The body is not a webhook event { id, type, createdAt, data }',
    );
  }
  return event as WebhookEvent;
}
