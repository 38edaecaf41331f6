// Body validation for the proxy's POST routes. Strict objects: a field the proxy does not know is
// refused, so what goes upstream is built only from fields listed here (DESIGN principle 5).
import * as v from 'valibot';
import { MAX_LOOKUP_TOKENS } from '../../api/proxy/session-lookup';
import type { SessionLookupRequest } from '../../api/proxy/session-lookup';
import { LOCK_FIELDS } from '../../api/types';
import type { QuoteRequest, SessionData, SessionType } from '../../api/types';
import { badRequest } from '../http/errors';
import { RE } from '../http/patterns';
import { MAX_TOKEN_LENGTH, TRACKING_TOKEN_RE } from '../http/tokens';
import { AMOUNT_PATTERN } from '../../domain/amount';

const str = (re: RegExp, what: string) => v.pipe(v.string(), v.regex(re, `expected ${what}`));

const country = str(RE.country, 'a two-letter country code');
const currency = str(RE.currency, 'a currency code');
const subdivision = str(RE.subdivision, 'an ISO 3166-2 code, e.g. US-NY');
const paymentMethodType = str(RE.method, 'a canonical payment method, e.g. CREDIT_DEBIT_CARD');
const partner = str(RE.partner, 'a partner id');
// Base58, hex, bech32 and prefixed (bitcoincash:…) addresses.
const walletAddress = str(/^[A-Za-z0-9:._-]{1,128}$/, 'a wallet address');

export const QuoteBodySchema = v.strictObject({
  countryCode: country,
  subdivision: v.optional(subdivision),
  sourceCurrencyCode: currency,
  sourceAmount: v.pipe(
    v.number('expected a number'),
    v.finite(),
    v.gtValue(0, 'expected an amount above 0'),
    v.maxValue(1e12, 'amount too large'),
  ),
  destinationCurrencyCode: currency,
  paymentMethodType: v.optional(paymentMethodType),
  serviceProviders: v.optional(v.pipe(v.array(partner), v.maxLength(40, 'at most 40 partners'))),
  walletAddress: v.optional(walletAddress),
});

export { LOCK_FIELDS };

const SessionDataSchema = v.strictObject({
  serviceProvider: partner,
  countryCode: country,
  subdivision: v.optional(subdivision),
  sourceCurrencyCode: currency,
  // The upstream takes the session amount as a decimal string ("100").
  sourceAmount: str(AMOUNT_PATTERN, 'a decimal amount as a string, e.g. "100"'),
  destinationCurrencyCode: currency,
  paymentMethodType: v.optional(paymentMethodType),
  walletAddress: v.optional(walletAddress),
  walletTag: v.optional(str(/^[\x20-\x7E]{1,64}$/, 'a wallet tag or memo of up to 64 characters')),
  redirectUrl: v.optional(v.pipe(v.string(), v.maxLength(2048, 'redirectUrl is too long'))),
  lockFields: v.optional(v.pipe(v.array(v.picklist(LOCK_FIELDS)), v.maxLength(LOCK_FIELDS.length))),
});

export const SessionBodySchema = v.strictObject({
  sessionType: v.picklist(['BUY', 'SELL'] as const, 'expected BUY or SELL'),
  sessionData: SessionDataSchema,
});

// The messages never repeat a token: a refused body says where it is wrong, not what it held.
const trackingToken = v.pipe(
  v.string('expected a trackingToken'),
  v.maxLength(MAX_TOKEN_LENGTH, 'expected a trackingToken'),
  v.regex(TRACKING_TOKEN_RE, 'expected a trackingToken'),
);

export const SessionLookupBodySchema = v.strictObject({
  trackingTokens: v.pipe(
    v.array(trackingToken, 'expected an array of trackingTokens'),
    v.minLength(1, 'expected at least one trackingToken'),
    v.maxLength(MAX_LOOKUP_TOKENS, `expected at most ${MAX_LOOKUP_TOKENS} trackingTokens`),
  ),
});

export const parseSessionLookupBody = (body: unknown): SessionLookupRequest =>
  parseWith(SessionLookupBodySchema, body);

export interface SessionBody {
  sessionType: SessionType;
  /** `subdivision` is context for the server's own checks (routes), never sent upstream. */
  sessionData: SessionData & { subdivision?: string };
}

// Fields the server owns; a browser that sends them gets told so by name.
const SERVER_OWNED = ['externalSessionId', 'clientIpAddress', 'customerId', 'externalCustomerId'];

// A display name ("Credit / Debit Card") is text, just not a canonical method: printable, bounded.
const DISPLAY_NAME_RE = /^[\x20-\x7E\u00A0-\uFFFF]{1,64}$/;

/**
 * The quote body, validated. A display name where the canonical `paymentMethodType` belongs is what
 * the upstream answers with NO_VALID_QUOTES (the seed's behaviour): refused early, with that code.
 */
export function parseQuoteBody(body: unknown): QuoteRequest {
  const r = v.safeParse(QuoteBodySchema, body);
  if (r.success) return r.output;
  const method = isRecord(body) ? body.paymentMethodType : undefined;
  const onlyMethod = r.issues.every((i) => v.getDotPath(i) === 'paymentMethodType');
  if (onlyMethod && typeof method === 'string' && DISPLAY_NAME_RE.test(method)) {
    throw badRequest(
      'NO_VALID_QUOTES',
      'No valid quotes for this payment method: send its canonical method (e.g. CREDIT_DEBIT_CARD), not its display name',
    );
  }
  return parseWith(QuoteBodySchema, body);
}

/** The query parameters a bootstrap request names its opening quote with (api/bootstrap.ts bootstrapQuery). */
export const OPENING_QUOTE_PARAMS = [
  'subdivision',
  'sourceCurrencyCode',
  'destinationCurrencyCode',
  'sourceAmount',
  'paymentMethodType',
  'serviceProviders',
] as const;

/**
 * The quote a bootstrap request names, checked as a quote's body is (400 INVALID_QUERY_PARAMETER
 * otherwise, naming the parameter); undefined when it names none.
 */
export function openingQuoteOf(q: Record<string, string>): QuoteRequest | undefined {
  if (!OPENING_QUOTE_PARAMS.some((name) => q[name] !== undefined)) return undefined;
  const candidate: Record<string, unknown> = { countryCode: q.country };
  for (const name of OPENING_QUOTE_PARAMS) {
    const value = q[name];
    if (value === undefined) continue;
    candidate[name] =
      name === 'sourceAmount' ? Number(value) : name === 'serviceProviders' ? value.split(',') : value;
  }
  const r = v.safeParse(QuoteBodySchema, candidate);
  if (r.success) return r.output;
  const details = r.issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i)?.split('.')[0];
    return `${path === 'countryCode' ? 'country' : (path ?? 'query')}: ${i.message}`;
  });
  throw badRequest('INVALID_QUERY_PARAMETER', `Invalid query: ${details[0]}`, details);
}

export function parseSessionBody(body: unknown): SessionBody {
  if (isRecord(body)) {
    const data = isRecord(body.sessionData) ? body.sessionData : {};
    const owned = SERVER_OWNED.filter((f) => Object.hasOwn(body, f) || Object.hasOwn(data, f));
    if (owned.length > 0) {
      throw badRequest(
        'FIELD_NOT_ALLOWED',
        `${owned.join(', ')} must not be sent: the server sets it`,
        owned,
      );
    }
  }
  const parsed = parseWith(SessionBodySchema, body);
  if (parsed.sessionType === 'BUY' && parsed.sessionData.walletAddress === undefined) {
    throw badRequest('INVALID_BODY', 'Invalid body: sessionData.walletAddress: required for BUY', [
      'sessionData.walletAddress: required for BUY',
    ]);
  }
  return parsed;
}

function parseWith<T extends v.GenericSchema>(schema: T, body: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, body);
  if (r.success) return r.output;
  const details = r.issues.slice(0, 10).map((i) => {
    const path = v.getDotPath(i) ?? '(body)';
    // Unknown keys are reported by valibot as "expected never"; say it plainly.
    if (i.type === 'strict_object' && i.expected === 'never') return `${path}: unknown field`;
    return `${path}: ${i.message}`;
  });
  throw badRequest('INVALID_BODY', `Invalid body: ${details[0]}`, details);
}

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
