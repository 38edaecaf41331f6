// Runtime schemas of the upstream responses. Objects are loose (unknown fields pass through), what the
// rest of the code relies on is required and type-checked, and documented variants (limits: null,
// missing kycLimits, the two quote shapes, wrapped or bare transactions) are normalised here.
import * as v from 'valibot';
import { malformedResponse } from './errors';
import type {
  Country,
  CountryDefault,
  Currency,
  FinancialAccount,
  FinancialAccountTransaction,
  KycLimit,
  Limits,
  Page,
  PaymentMethod,
  Quote,
  Route,
  RoutePaymentMethod,
  SessionResponse,
  Transaction,
} from './types';

/** Optional, and a JSON null counts as absent (Java-style serialisers write nulls). */
export const opt = <T>(s: v.GenericSchema<unknown, T>) =>
  v.optional(
    v.pipe(
      v.nullable(s),
      v.transform((x) => x ?? undefined),
    ),
  );
/** An array that may be absent or null, read as []. */
const list = <T>(s: v.GenericSchema<unknown, T>) => v.nullish(v.array(s), []);

const str = v.string();
const num = v.number();
const optStr = opt(str);
const optNum = opt(num);
const optBool = opt(v.boolean());
const category = v.picklist(['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP']);
const logo = opt(v.looseObject({ dark: optStr, light: optStr }));

export const countrySchema = v.looseObject({
  countryCode: str,
  name: str,
  flag: optStr,
  subdivisions: opt(v.array(str)),
}) satisfies v.GenericSchema<unknown, Country>;

export const countryDefaultSchema = v.looseObject({
  countryCode: str,
  category,
  currencyCode: str,
  paymentMethods: v.array(str),
}) satisfies v.GenericSchema<unknown, CountryDefault>;

export const currencySchema = v.looseObject({
  currencyCode: str,
  name: str,
  decimalPlaces: num,
  type: v.picklist(['FIAT', 'CRYPTO']),
  symbol: optStr,
  chainCode: optStr,
  contract: optStr,
}) satisfies v.GenericSchema<unknown, Currency>;

export const paymentMethodSchema = v.looseObject({
  countryCode: optStr,
  providerMethod: optStr,
  method: str,
  name: str,
  type: optStr,
  headlessSupported: optBool,
  logo,
}) satisfies v.GenericSchema<unknown, PaymentMethod>;

export const limitsSchema = v.looseObject({
  currencyCode: str,
  min: num,
  max: num,
}) satisfies v.GenericSchema<unknown, Limits>;

const routePaymentMethodSchema = v.looseObject({
  paymentType: optStr,
  name: str,
  partnerMethodName: optStr,
  limits: v.nullish(limitsSchema, null),
  headlessSupported: optBool,
  logo,
}) satisfies v.GenericSchema<unknown, RoutePaymentMethod>;

const kycLimitSchema = v.looseObject({
  provider: optStr,
  category: optStr,
  countryCode: optStr,
  limitType: optStr,
  currencyCode: optStr,
  level1: optNum,
  level2: optNum,
  level3: optNum,
}) satisfies v.GenericSchema<unknown, KycLimit>;

export const routeSchema = v.looseObject({
  partner: str,
  source: str,
  destination: str,
  paymentMethods: v.array(routePaymentMethodSchema),
  kycLimits: list(kycLimitSchema),
}) satisfies v.GenericSchema<unknown, Route>;

/** Accepts the 2026 `rampIntelligence {lowKyc, rampScore}` and the older top-level `lowKyc`/`customerScore`. */
export const quoteSchema = v.pipe(
  v.looseObject({
    serviceProvider: str,
    transactionType: optStr,
    countryCode: optStr,
    sourceCurrencyCode: str,
    sourceAmount: num,
    sourceAmountWithoutFees: optNum,
    destinationCurrencyCode: str,
    destinationAmount: num,
    destinationAmountWithoutFees: optNum,
    exchangeRate: optNum,
    fiatAmountWithoutFees: optNum,
    networkFee: optNum,
    partnerFee: optNum,
    transactionFee: optNum,
    totalFee: optNum,
    paymentMethodType: optStr,
    lowKyc: optBool,
    rampScore: optNum,
    customerScore: optNum,
    rampIntelligence: opt(v.looseObject({ lowKyc: optBool, rampScore: optNum })),
  }),
  v.transform(({ rampIntelligence, customerScore, ...q }) => ({
    ...q,
    lowKyc: rampIntelligence?.lowKyc ?? q.lowKyc,
    rampScore: rampIntelligence?.rampScore ?? q.rampScore ?? customerScore,
  })),
) satisfies v.GenericSchema<unknown, Quote>;

const cryptoDetailsSchema = v.looseObject({
  blockchainTransactionId: optStr,
  chainId: optStr,
  destinationWalletAddress: optStr,
  sourceWalletAddress: optStr,
  networkFee: optNum,
  partnerFee: optNum,
  transactionFee: optNum,
  totalFee: optNum,
});

const transactionEntries = {
  id: str,
  sessionId: optStr,
  status: str,
  transactionType: optStr,
  serviceProvider: optStr,
  countryCode: optStr,
  sourceAmount: optNum,
  sourceCurrencyCode: optStr,
  destinationAmount: optNum,
  destinationCurrencyCode: optStr,
  paymentMethodType: optStr,
  externalSessionId: optStr,
  externalCustomerId: optStr,
  createdAt: optStr,
  updatedAt: optStr,
  cryptoDetails: opt(cryptoDetailsSchema),
  key: optStr,
};

export const transactionSchema = v.looseObject(transactionEntries) satisfies v.GenericSchema<
  unknown,
  Transaction
>;

export const financialAccountSchema = v.looseObject({
  id: str,
  key: str,
  customerId: optStr,
  type: optStr,
  subtype: optStr,
  status: optStr,
  name: optStr,
  institutionName: optStr,
  truncatedAccountNumber: optStr,
  balances: opt(
    v.looseObject({ availableAmount: optNum, currentAmount: optNum, currency: optStr, updatedAt: optStr }),
  ),
}) satisfies v.GenericSchema<unknown, FinancialAccount>;

export const financialAccountTransactionSchema = v.looseObject({
  id: str,
  key: str,
  financialAccountId: optStr,
  customerId: optStr,
  amount: optNum,
  currency: optStr,
  description: optStr,
  category: optStr,
  status: optStr,
  transactionDate: optStr,
  postedDate: optStr,
}) satisfies v.GenericSchema<unknown, FinancialAccountTransaction>;

// ---- Whole responses, each producing what the client method returns ----

export const countriesResponse = v.pipe(
  v.looseObject({ countries: v.array(countrySchema) }),
  v.transform((r) => r.countries),
) satisfies v.GenericSchema<unknown, Country[]>;

/** One object, or null when the country has no configured default. */
export const defaultsResponse = v.nullish(countryDefaultSchema, null) satisfies v.GenericSchema<
  unknown,
  CountryDefault | null
>;

export const currenciesResponse = v.pipe(
  v.looseObject({ currencies: v.array(currencySchema) }),
  v.transform((r) => r.currencies),
) satisfies v.GenericSchema<unknown, Currency[]>;

export const paymentMethodsResponse = v.array(paymentMethodSchema) satisfies v.GenericSchema<
  unknown,
  PaymentMethod[]
>;

export const routesResponse = v.array(routeSchema) satisfies v.GenericSchema<unknown, Route[]>;

export const quoteResponse = v.pipe(
  v.looseObject({ quotes: list(quoteSchema) }),
  v.transform((r) => r.quotes),
) satisfies v.GenericSchema<unknown, Quote[]>;

export const sessionResponse = v.looseObject({
  id: str,
  widgetUrl: str,
  token: optStr,
  serviceProviderWidgetUrl: optStr,
  customerId: optStr,
  externalCustomerId: optStr,
  externalSessionId: optStr,
  trackingToken: optStr,
}) satisfies v.GenericSchema<unknown, SessionResponse>;

/** `{transaction: {...}}` as documented, or the bare transaction object. */
export const transactionResponse = v.pipe(
  v.unknown(),
  v.transform((x) =>
    typeof x === 'object' && x !== null && 'transaction' in x
      ? (x as { transaction: unknown }).transaction
      : x,
  ),
  transactionSchema,
) satisfies v.GenericSchema<unknown, Transaction>;

const pageMeta = { count: optNum, remaining: optNum, totalCount: optNum };
const toPage = <T>(items: T[], m: { count?: number; remaining?: number; totalCount?: number }): Page<T> => ({
  items,
  count: m.count ?? items.length,
  remaining: m.remaining,
  totalCount: m.totalCount,
});

/** Listed transactions must carry their pagination key. */
const listedTransactionSchema = v.looseObject({ ...transactionEntries, key: str });

export const transactionsPage = v.pipe(
  v.looseObject({ ...pageMeta, transactions: v.array(listedTransactionSchema) }),
  v.transform((r) => toPage(r.transactions, r)),
) satisfies v.GenericSchema<unknown, Page<Transaction>>;

export const financialAccountsPage = v.pipe(
  v.looseObject({ ...pageMeta, financialAccounts: v.array(financialAccountSchema) }),
  v.transform((r) => toPage(r.financialAccounts, r)),
) satisfies v.GenericSchema<unknown, Page<FinancialAccount>>;

export const financialAccountTransactionsPage = v.pipe(
  v.looseObject({ ...pageMeta, financialAccountTransactions: v.array(financialAccountTransactionSchema) }),
  v.transform((r) => toPage(r.financialAccountTransactions, r)),
) satisfies v.GenericSchema<unknown, Page<FinancialAccountTransaction>>;

export const errorBodySchema = v.looseObject({
  code: optStr,
  message: optStr,
  requestId: optStr,
  timestamp: optStr,
  errors: opt(v.array(str)),
  serviceProviderDetails: opt(v.looseObject({ code: opt(v.union([str, num])), message: optStr })),
});

// ---- Parsing with a message that names the field ----

const kindOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);

/** `routes[0].paymentMethods[1].limits.min: expected number, received string` */
export function describeIssue(issue: v.BaseIssue<unknown>, label = ''): string {
  let path = label;
  for (const item of issue.path ?? []) {
    const key = item.key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  path ||= 'response';
  return issue.received === 'undefined'
    ? `${path}: missing`
    : `${path}: expected ${issue.expected ?? 'valid value'}, received ${kindOf(issue.input)}`;
}

/** Validates a response body; a mismatch is a MALFORMED_RESPONSE RampError naming the field(s). */
export function parseResponse<T>(schema: v.GenericSchema<unknown, T>, data: unknown, label?: string): T {
  const r = v.safeParse(schema, data);
  if (r.success) return r.output;
  const details = r.issues.slice(0, 10).map((i) => describeIssue(i, label));
  throw malformedResponse(`Malformed response: ${details[0]}`, details);
}
