// Runtime schemas of the upstream responses. Objects are loose (unknown fields pass through), what the
// rest of the code relies on is required and type-checked, and documented variants (limits: null,
// missing kycLimits, the two quote shapes, wrapped or bare transactions) are normalised here.
import * as v from 'valibot';
import type { Reader, Readers } from './client';
import { malformedResponse } from './errors';
import { QuoteCompletionSchema } from './proxy/stats';
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

/**
 * What a schema whose output a transform makes sends on the wire, where the proxy passes its output
 * on: the OpenAPI document (src/server/openapi/) describes that schema's answers by this form.
 */
export const WIRE_FORMS = new WeakMap<object, v.GenericSchema>();
const wireForm = <S extends object>(schema: S, wire: v.GenericSchema): S => {
  WIRE_FORMS.set(schema, wire);
  return schema;
};

/** Optional, and a JSON null counts as absent (Java-style serialisers write nulls). */
export const opt = <T>(s: v.GenericSchema<unknown, T>) =>
  v.optional(
    wireForm(
      v.pipe(
        v.nullable(s),
        v.transform((x) => x ?? undefined),
      ),
      s,
    ),
  );
/** An array that may be absent or null, read as []. */
const list = <T>(s: v.GenericSchema<unknown, T>) => v.nullish(v.array(s), []);

/** What a lenient list left out: field paths and kinds only, never values (they may be personal). */
export interface DroppedItems {
  /** The list's name, e.g. `quotes` or `routes`. */
  list: string;
  kept: number;
  dropped: number;
  /** One line per dropped item (its first problem), e.g. `quotes[2].destinationAmount: missing`. */
  reasons: string[];
}

// Set by parseResponse for the duration of one (synchronous) parse.
let dropSink: ((d: DroppedItems) => void) | undefined;

/**
 * A list parsed item by item: items that do not fit `item` are dropped (and reported to the sink of
 * parseResponse), the others kept. The list fails only when it had items and none fits, so one
 * incomplete entry of a partner never hides the others.
 */
export const itemList = <T>(item: v.GenericSchema<unknown, T>, name: string) =>
  wireForm(listOf(item, name), v.array(item));

const listOf = <T>(item: v.GenericSchema<unknown, T>, name: string) =>
  v.pipe(
    v.array(v.unknown()),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const kept: T[] = [];
      const reasons: string[] = [];
      const all: string[] = [];
      dataset.value.forEach((x, i) => {
        const r = v.safeParse(item, x);
        if (r.success) kept.push(r.output);
        else {
          reasons.push(describeIssue(r.issues[0], `${name}[${i}]`));
          all.push(...r.issues.map((issue) => describeIssue(issue, `${name}[${i}]`)));
        }
      });
      if (reasons.length === 0) return kept;
      if (kept.length === 0) {
        // Every item unusable: the answer is malformed, and says why field by field.
        for (const line of all.slice(0, 10)) addIssue({ message: line });
        return NEVER;
      }
      dropSink?.({ list: name, kept: kept.length, dropped: reasons.length, reasons: reasons.slice(0, 10) });
      return kept;
    }),
  );

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

/**
 * One quote item. The spec marks every field optional; we require only what the offer screen cannot
 * work without: the partner and what the shopper receives. Currency codes and `sourceAmount` may be
 * absent here; the client fills them from the request (quoteResponseFor). Accepts the 2026
 * `rampIntelligence {lowKyc, rampScore, previouslyUsed}` and the older top-level `lowKyc`/`customerScore`.
 */
const quoteItemEntries = {
  serviceProvider: v.pipe(str, v.minLength(1)),
  transactionType: optStr,
  countryCode: optStr,
  sourceCurrencyCode: optStr,
  sourceAmount: optNum,
  sourceAmountWithoutFees: optNum,
  destinationCurrencyCode: optStr,
  destinationAmount: v.pipe(num, v.finite(), v.gtValue(0)),
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
  rampIntelligence: opt(v.looseObject({ lowKyc: optBool, rampScore: optNum, previouslyUsed: optStr })),
};

export const quoteItemSchema = v.pipe(
  v.looseObject(quoteItemEntries),
  v.transform((item) => {
    const { rampIntelligence, customerScore } = item;
    const q = withoutScores(item);
    const previouslyUsed =
      rampIntelligence?.previouslyUsed ?? (q as { previouslyUsed?: unknown }).previouslyUsed;
    return Object.assign(q, {
      lowKyc: rampIntelligence?.lowKyc ?? q.lowKyc,
      rampScore: rampIntelligence?.rampScore ?? q.rampScore ?? customerScore,
      previouslyUsed:
        typeof previouslyUsed === 'string' && previouslyUsed !== '' ? previouslyUsed : undefined,
    });
  }),
);

/**
 * A quote item without the two fields its scores are read from, copied key by key: object rest
 * (`{ a, b, ...q }`) takes a slow path in V8, and this runs for every quote the proxy passes on.
 */
function withoutScores<T extends { rampIntelligence?: unknown; customerScore?: unknown }>(item: T) {
  const q: Record<string, unknown> = {};
  for (const key in item) {
    if (key !== 'rampIntelligence' && key !== 'customerScore') q[key] = item[key];
  }
  return q as { [K in keyof T as K extends 'rampIntelligence' | 'customerScore' ? never : K]: T[K] };
}

export type QuoteItem = v.InferOutput<typeof quoteItemSchema>;

/** A whole quote item (currency codes and amounts present), as the proxy passes it on. */
export const quoteSchema = v.pipe(
  quoteItemSchema,
  v.check(
    (q) =>
      q.sourceCurrencyCode !== undefined &&
      q.destinationCurrencyCode !== undefined &&
      q.sourceAmount !== undefined,
    'expected sourceCurrencyCode, destinationCurrencyCode and sourceAmount',
  ),
  v.transform((q) => q as Quote),
) satisfies v.GenericSchema<unknown, Quote>;

// A quote as the proxy sends it: the scores read into lowKyc, rampScore and previouslyUsed, the
// codes and amount present, and the server's completion rate added.
const { rampIntelligence: _ri, customerScore: _cs, ...sentQuoteEntries } = quoteItemEntries;
const sentQuoteItem = {
  ...sentQuoteEntries,
  previouslyUsed: optStr,
  completion: v.optional(QuoteCompletionSchema),
};
wireForm(quoteItemSchema, v.looseObject(sentQuoteItem));
wireForm(
  quoteSchema,
  v.looseObject({
    ...sentQuoteItem,
    sourceCurrencyCode: str,
    sourceAmount: num,
    destinationCurrencyCode: str,
  }),
);

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

const mfaSchema = v.looseObject({
  method: optStr,
  submitted: optBool,
  successful: optBool,
  url: optStr,
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
  serviceProviderTransactionUrl: optStr,
  multiFactorAuthorizationStatus: opt(itemList(mfaSchema, 'multiFactorAuthorizationStatus')),
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
  v.looseObject({ countries: itemList(countrySchema, 'countries') }),
  v.transform((r) => r.countries),
) satisfies v.GenericSchema<unknown, Country[]>;

/** One object, or null when the country has no configured default. */
export const defaultsResponse = v.nullish(countryDefaultSchema, null) satisfies v.GenericSchema<
  unknown,
  CountryDefault | null
>;

export const currenciesResponse = v.pipe(
  v.looseObject({ currencies: itemList(currencySchema, 'currencies') }),
  v.transform((r) => r.currencies),
) satisfies v.GenericSchema<unknown, Currency[]>;

export const paymentMethodsResponse = itemList(
  paymentMethodSchema,
  'paymentMethods',
) satisfies v.GenericSchema<unknown, PaymentMethod[]>;

export const routesResponse = itemList(routeSchema, 'routes') satisfies v.GenericSchema<unknown, Route[]>;

/** Quotes as the proxy serves them (whole items). */
export const quoteResponse = v.pipe(
  v.looseObject({ quotes: v.nullish(itemList(quoteSchema, 'quotes'), []) }),
  v.transform((r) => r.quotes),
) satisfies v.GenericSchema<unknown, Quote[]>;

/**
 * Quotes as the upstream serves them: item by item, the codes and `sourceAmount` an item leaves out
 * taken from the request it answers (the amount the shopper asked to pay or sell).
 */
export const quoteResponseFor = (req: {
  sourceCurrencyCode: string;
  destinationCurrencyCode: string;
  sourceAmount: number;
}) =>
  v.pipe(
    upstreamQuotes,
    // The items are this parse's own new objects: completed in place rather than copied again.
    v.transform((quotes) =>
      quotes.map((q): Quote => {
        q.sourceCurrencyCode ??= req.sourceCurrencyCode;
        q.destinationCurrencyCode ??= req.destinationCurrencyCode;
        q.sourceAmount ??= req.sourceAmount;
        return q as Quote;
      }),
    ),
  ) satisfies v.GenericSchema<unknown, Quote[]>;

/** The part of quoteResponseFor that does not depend on the request: built once. */
const upstreamQuotes = v.pipe(
  v.looseObject({ quotes: v.nullish(itemList(quoteItemSchema, 'quotes'), []) }),
  v.transform((r) => r.quotes),
);

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
  v.looseObject({ ...pageMeta, transactions: itemList(listedTransactionSchema, 'transactions') }),
  v.transform((r) => toPage(r.transactions, r)),
) satisfies v.GenericSchema<unknown, Page<Transaction>>;

export const financialAccountsPage = v.pipe(
  v.looseObject({ ...pageMeta, financialAccounts: itemList(financialAccountSchema, 'financialAccounts') }),
  v.transform((r) => toPage(r.financialAccounts, r)),
) satisfies v.GenericSchema<unknown, Page<FinancialAccount>>;

export const financialAccountTransactionsPage = v.pipe(
  v.looseObject({
    ...pageMeta,
    financialAccountTransactions: itemList(financialAccountTransactionSchema, 'financialAccountTransactions'),
  }),
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
  // A lenient list with no usable item words its own message (it names the item and field).
  if (issue.kind === 'transformation') return issue.message;
  return issue.received === 'undefined'
    ? `${path}: missing`
    : `${path}: expected ${issue.expected ?? 'valid value'}, received ${kindOf(issue.input)}`;
}

/**
 * Validates a response body; a mismatch is a MALFORMED_RESPONSE RampError naming the field(s).
 * Items a lenient list dropped are reported to `onDropped`.
 */
export function parseResponse<T>(
  schema: v.GenericSchema<unknown, T>,
  data: unknown,
  label?: string,
  onDropped?: (d: DroppedItems) => void,
): T {
  const outer = dropSink;
  dropSink = onDropped;
  let r: v.SafeParseResult<v.GenericSchema<unknown, T>>;
  try {
    r = v.safeParse(schema, data);
  } finally {
    dropSink = outer;
  }
  if (r.success) return r.output;
  const details = r.issues.slice(0, 10).map((i) => describeIssue(i, label));
  throw malformedResponse(`Malformed response: ${details[0]}`, details);
}

/** A Reader that validates with `schema`; `label` prefixes field paths (e.g. 'routes' for a bare array). */
export const readWith =
  <T>(schema: v.GenericSchema<unknown, T>, label?: string): Reader<T> =>
  (data, dropped) =>
    parseResponse(schema, data, label, dropped);

/** The upstream's answers, validated and normalised: how the server's client reads them. */
export const upstreamReaders: Readers = {
  countries: readWith(countriesResponse),
  defaults: readWith(defaultsResponse, 'defaults'),
  currencies: readWith(currenciesResponse),
  paymentMethods: readWith(paymentMethodsResponse, 'paymentMethods'),
  routes: readWith(routesResponse, 'routes'),
  quote: (request) => readWith(quoteResponseFor(request)),
  session: readWith(sessionResponse, 'session'),
  transaction: readWith(transactionResponse, 'transaction'),
  transactions: readWith(transactionsPage),
  financialAccounts: readWith(financialAccountsPage),
  financialAccountTransactions: readWith(financialAccountTransactionsPage),
};
