// The readers of the proxy's POST bodies whose refusals say more than their schemas
// (api/proxy/payments.ts): strict objects, a field the proxy does not know is
// refused, so what goes upstream is built only from fields listed here (DESIGN principle 5).
import * as v from 'valibot';
import { QuoteBodySchema, SessionBodySchema } from '../../api/proxy/payments';
import { checkBody } from '../../api/routes/mount';
import type { QuoteRequest } from '../../api/types';
import { badRequest } from '../http/errors';
import { isRecord } from '../../domain/json';

/**
 * A session's body as the proxy takes it: `sessionData.subdivision` is context for the server's own
 * checks (routes), never sent upstream.
 */
export type SessionBody = v.InferOutput<typeof SessionBodySchema>;

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
  return checkBody(QuoteBodySchema, body);
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
  const parsed = checkBody(SessionBodySchema, body);
  if (parsed.sessionType === 'BUY' && parsed.sessionData.walletAddress === undefined) {
    throw badRequest('INVALID_BODY', 'Invalid body: sessionData.walletAddress: required for BUY', [
      'sessionData.walletAddress: required for BUY',
    ]);
  }
  return parsed;
}
