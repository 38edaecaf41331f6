// Webhook signatures (docs/CONTRACTS.md §5), two schemes on every delivery:
// - `Ramp-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the secret
//   as written (Stripe's scheme, what merchants verify today);
// - Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` and
//   `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed by the bytes
//   of the base64 after `whsec_` (the spec's secret format) or else by the secret's UTF-8 bytes (the
//   official libraries' "raw" secret), so their verifiers in any language accept our deliveries.
// The timestamp is signed with the body, so a captured request cannot be replayed later than the
// receiver's tolerance. During a secret rotation each scheme carries one signature per secret.
import { systemClock } from '../../http/clock';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../../storage/ledger/types';

export const SIGNATURE_HEADER = 'Ramp-Signature';
export const STANDARD_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
export const DEFAULT_TOLERANCE_SEC = 300;
const STANDARD_PREFIX = 'whsec_';

export function signatureHeader(
  rawBody: string,
  secret: string | readonly string[],
  unixSeconds: number,
): string {
  const macs = (typeof secret === 'string' ? [secret] : secret).map(
    (s) => `v1=${createHmac('sha256', s).update(`${unixSeconds}.${rawBody}`).digest('hex')}`,
  );
  return `t=${unixSeconds},${macs.join(',')}`;
}

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The Standard Webhooks key of a secret: the bytes of the base64 after `whsec_`; any other secret
 * (a `whsec_` one whose rest is not base64 included, as some were written before) is its own bytes.
 */
export function standardKey(secret: string): Uint8Array {
  const rest = secret.slice(STANDARD_PREFIX.length);
  return secret.startsWith(STANDARD_PREFIX) && BASE64_RE.test(rest)
    ? Buffer.from(rest, 'base64')
    : Buffer.from(secret, 'utf8');
}

function standardMac(id: string, unixSeconds: number, rawBody: string, secret: string): string {
  return createHmac('sha256', standardKey(secret)).update(`${id}.${unixSeconds}.${rawBody}`).digest('base64');
}

/**
 * Every signature header of one attempt, both schemes, one signature per secret (the current one
 * first, then the previous one while a rotation lasts).
 */
export function webhookSignatureHeaders(
  rawBody: string,
  eventId: string,
  secrets: readonly string[],
  unixSeconds: number,
): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: signatureHeader(rawBody, secrets, unixSeconds),
    [STANDARD_HEADERS.id]: eventId,
    [STANDARD_HEADERS.timestamp]: String(unixSeconds),
    [STANDARD_HEADERS.signature]: secrets
      .map((s) => `v1,${standardMac(eventId, unixSeconds, rawBody, s)}`)
      .join(' '),
  };
}

export type WebhookErrorReason = 'malformed' | 'bad_signature' | 'too_old' | 'not_live';

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
  /**
   * Accept events that are not live (`livemode: false`): from a server running its sandbox
   * (RAMP_API_BASE_URL unset), where nothing is paid, and `ramp-checkout webhooks trigger`'s samples.
   * For development and staging endpoints; a production endpoint leaves it off, so a sandbox's
   * signed `transaction.completed` is never taken for a payment. @default false
   */
  allowTestEvents?: boolean;
}

/** A request's headers: a Fetch `Headers`, or a record such as Node's `req.headers`. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body's text; invalid UTF-8 is refused, never verified against its U+FFFD replacement text. */
function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new WebhookVerificationError('malformed', 'The body is not valid UTF-8');
  }
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : value?.[0];
  }
  return undefined;
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

const matches = (given: Buffer, expected: Buffer) =>
  given.length === expected.length && timingSafeEqual(given, expected);

/** The timestamp of a valid `Ramp-Signature` for this body and secret. */
function verifyRampSignature(body: string, signature: string, secret: string): number {
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
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  if (!v1.some((s) => matches(Buffer.from(s, 'hex'), expected))) throw mismatch();
  return t;
}

/** The timestamp of a valid Standard Webhooks signature (any of the space-separated ones). */
function verifyStandardSignature(body: string, headers: WebhookHeaders, secret: string): number {
  const id = headerOf(headers, STANDARD_HEADERS.id);
  const timestamp = headerOf(headers, STANDARD_HEADERS.timestamp);
  const signatures = headerOf(headers, STANDARD_HEADERS.signature);
  if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp) || !signatures) {
    throw new WebhookVerificationError(
      'malformed',
      `The ${STANDARD_HEADERS.id}, ${STANDARD_HEADERS.timestamp} (unix seconds) and ${STANDARD_HEADERS.signature} headers are required together`,
    );
  }
  const t = Number(timestamp);
  const expected = Buffer.from(standardMac(id, t, body, secret), 'base64');
  const given = signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  if (!given.some((g) => matches(g, expected))) throw mismatch();
  return t;
}

const mismatch = () =>
  new WebhookVerificationError(
    'bad_signature',
    'The signature does not match this body and secret (use the raw body, before JSON parsing)',
  );

/**
 * Checks a webhook's signature against the raw body exactly as received (before any JSON parsing)
 * and returns the parsed event; throws a WebhookVerificationError saying why otherwise. `signature`
 * is the `Ramp-Signature` header, or the request's headers: then `Ramp-Signature` is checked when
 * present, else the Standard Webhooks headers.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signature: string | WebhookHeaders | null | undefined,
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
  const ramp =
    typeof signature === 'object' && signature !== null ? headerOf(signature, SIGNATURE_HEADER) : signature;
  let t: number;
  if (ramp) t = verifyRampSignature(body, ramp, secret);
  else if (
    typeof signature === 'object' &&
    signature !== null &&
    headerOf(signature, STANDARD_HEADERS.signature)
  ) {
    t = verifyStandardSignature(body, signature, secret);
  } else {
    throw new WebhookVerificationError('malformed', `The ${SIGNATURE_HEADER} header is missing`);
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
      'The body is not a webhook event { id, type, createdAt, livemode, data }',
    );
  }
  // Events from servers before `livemode` existed do not carry it: taken as live, as they always were.
  if ((event as WebhookEvent).livemode === false && options.allowTestEvents !== true) {
    throw new WebhookVerificationError(
      'not_live',
      'The event is not live (livemode: false): it comes from a server running its sandbox, or is a test ' +
        'event, and nothing was paid. Pass { allowTestEvents: true } to accept such events (development and staging only)',
    );
  }
  return event as WebhookEvent;
}
