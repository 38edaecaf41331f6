// The proxy's payment routes on the wire (docs/CONTRACTS.md §1): the quote and session bodies the
// server validates (strict: a field the proxy does not know is refused, so what goes upstream is built
// only from fields listed here) and the answers it sends, each item in the upstream's documented shape
// as the readers of schemas.ts normalise it. The browser imports only types from here.
import * as v from 'valibot';
import { AMOUNT_PATTERN } from '../../domain/amount';
import {
  financialAccountSchema,
  financialAccountTransactionSchema,
  quoteSchema,
  sessionResponse,
  transactionSchema,
} from '../schemas';
import { LOCK_FIELDS } from '../types';
import { PENDING_NOT_YET_CREATED } from './contract';
import { RE } from './patterns';

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

export type QuoteBody = v.InferOutput<typeof QuoteBodySchema>;

/** POST /payments/crypto/quote. */
export const QuotesAnswerSchema = v.object({ quotes: v.array(quoteSchema) });

/** POST /crypto/session/widget: the session, with the tracking token that reads its order. */
export const SessionAnswerSchema = sessionResponse;

/** GET /payments/transactions/{transactionId} and …/sessions/{sessionId}. */
export const TransactionAnswerSchema = v.union([
  v.object({ transaction: transactionSchema }),
  /** The by-session read before the shopper acted at the partner: not an error. */
  v.object({ transaction: v.null(), pending: v.literal(PENDING_NOT_YET_CREATED) }),
]);

const page = <K extends string, S extends v.GenericSchema>(field: K, item: S) =>
  v.object({
    count: v.optional(v.number()),
    remaining: v.optional(v.number()),
    totalCount: v.optional(v.number()),
    ...({ [field]: v.array(item) } as Record<K, v.ArraySchema<S, undefined>>),
  });

export const TransactionsAnswerSchema = page('transactions', transactionSchema);
export const FinancialAccountsAnswerSchema = page('financialAccounts', financialAccountSchema);
export const FinancialAccountTransactionsAnswerSchema = page(
  'financialAccountTransactions',
  financialAccountTransactionSchema,
);
