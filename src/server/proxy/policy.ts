// The proxy's allowlist, as data: which method + path pattern may pass under /api/ramp, which query
// parameters each route takes (with validators) and who may call it. Everything is decided here,
// before anything touches the upstream: a request either matches one rule exactly or is refused.
import { API_PREFIX } from '../../api/proxy/contract';
import { HttpError, badRequest } from '../http/errors';
import { RE } from '../http/patterns';

export const MAX_PATH_LENGTH = 512;
export const MAX_QUERY_LENGTH = 2048;

export const CATEGORIES = ['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP'] as const;

export type QueryRule =
  | { kind: 're'; re: RegExp; required?: boolean; hint: string }
  | { kind: 'int'; min: number; max: number; required?: boolean }
  | { kind: 'date'; required?: boolean }
  | { kind: 'datetime'; required?: boolean };

export type Segment = string | { name: string; re: RegExp };

export type RouteId =
  | 'countries'
  | 'defaults'
  | 'currencies'
  | 'paymentMethods'
  | 'routes'
  | 'quote'
  | 'session'
  | 'transactionBySession'
  | 'transaction'
  | 'transactions'
  | 'financialAccounts'
  | 'financialAccountTransactions'
  | 'bootstrap'
  | 'adminSession';

export interface RouteRule {
  id: RouteId;
  method: 'GET' | 'POST';
  /** Segments after /api/ramp; for mirrored routes, exactly the upstream path. */
  path: Segment[];
  query: Record<string, QueryRule>;
  /** public: anyone; tracking: X-Ramp-Tracking of the owning session; admin: the console bearer token. */
  /** `tracking-or-admin`: the shopper's tracking token, or the console token. */
  access: 'public' | 'tracking' | 'admin' | 'tracking-or-admin';
  /** Query parameters of which at most one may be given. */
  exclusive?: [string, string];
}

const re = (r: RegExp, hint: string, required = false): QueryRule => ({ kind: 're', re: r, hint, required });
const seg = (name: string, r: RegExp): Segment => ({ name, re: r });

const category = re(RE.category, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true);
const partners = re(RE.partners, 'comma-separated partner ids, e.g. BANXA,TRANSAK');
const paymentType = re(RE.paymentType, 'a payment type, e.g. CARD');
const subdivision = re(RE.subdivision, 'an ISO 3166-2 code, e.g. US-NY');
const limit: QueryRule = { kind: 'int', min: 1, max: 100 };
const cursor = re(RE.cursor, 'the key of a record from a previous page');
const customerId = re(RE.customerId, 'a customer id');

export const RULES: readonly RouteRule[] = [
  {
    id: 'countries',
    method: 'GET',
    path: ['network-partner', 'supported', 'countries'],
    query: { category, partners },
    access: 'public',
  },
  {
    id: 'defaults',
    method: 'GET',
    path: ['network-partner', 'defaults', seg('country', RE.country), seg('category', RE.category)],
    query: {},
    access: 'public',
  },
  {
    id: 'currencies',
    method: 'GET',
    path: ['network-partner', 'supported', 'currencies'],
    query: {
      category,
      country: re(RE.country, 'a two-letter country code', true),
      type: re(RE.currencyType, 'FIAT or CRYPTO', true),
      network: re(RE.partner, 'a chain code, e.g. ETHEREUM'),
      partner: re(RE.partner, 'one partner id'),
      paymentType,
      providerCurrencyCode: re(RE.providerCurrencyCode, "a provider's currency code"),
      subdivision,
    },
    access: 'public',
  },
  {
    id: 'paymentMethods',
    method: 'GET',
    path: ['network-partner', 'supported', 'payment-methods'],
    query: {
      category,
      country: re(RE.country, 'a two-letter country code', true),
      currencyCode: re(RE.currency, 'a fiat currency code, e.g. USD', true),
      partners,
      paymentType,
      subdivision,
    },
    access: 'public',
  },
  {
    id: 'routes',
    method: 'GET',
    path: [
      'network-partner',
      'supported',
      'routes',
      seg('category', RE.category),
      seg('country', RE.country),
      seg('source', RE.currency),
      seg('destination', RE.currency),
    ],
    query: {
      partners,
      paymentMethod: re(RE.method, 'a canonical payment method, e.g. CREDIT_DEBIT_CARD'),
      paymentType,
      subdivision,
    },
    access: 'public',
  },
  { id: 'quote', method: 'POST', path: ['payments', 'crypto', 'quote'], query: {}, access: 'public' },
  { id: 'session', method: 'POST', path: ['crypto', 'session', 'widget'], query: {}, access: 'public' },
  {
    id: 'transactionBySession',
    method: 'GET',
    path: ['payments', 'transactions', 'sessions', seg('sessionId', RE.id)],
    query: {},
    access: 'tracking',
  },
  {
    id: 'transaction',
    method: 'GET',
    path: ['payments', 'transactions', seg('transactionId', RE.id)],
    query: {},
    access: 'tracking-or-admin',
  },
  {
    id: 'transactions',
    method: 'GET',
    path: ['payments', 'transactions'],
    query: {
      from: { kind: 'date' },
      limit,
      status: re(RE.status, 'a status, e.g. SETTLED'),
      // Not in the description's table, but the upstream's transaction search filters by them.
      serviceProviders: partners,
      types: re(RE.transactionTypes, 'comma-separated transaction types, e.g. CRYPTO_PURCHASE'),
      externalCustomerIds: re(RE.customerId, 'a customer id'),
      before: cursor,
      after: cursor,
    },
    access: 'admin',
    exclusive: ['before', 'after'],
  },
  {
    id: 'financialAccounts',
    method: 'GET',
    path: ['financial-accounts'],
    query: { customerId, limit, before: cursor, after: cursor },
    access: 'admin',
    exclusive: ['before', 'after'],
  },
  {
    id: 'financialAccountTransactions',
    method: 'GET',
    path: ['financial-accounts', 'transactions'],
    query: {
      customerId,
      // Not in the description's table, but the upstream's bank-linking listing filters by it.
      financialAccountId: re(RE.id, 'a financial account id'),
      startDate: { kind: 'datetime' },
      endDate: { kind: 'datetime' },
      limit,
      before: cursor,
      after: cursor,
    },
    access: 'admin',
    exclusive: ['before', 'after'],
  },
  {
    id: 'bootstrap',
    method: 'GET',
    path: ['bootstrap'],
    query: {
      category: re(RE.category, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP'),
      country: re(RE.country, 'a two-letter country code'),
      // The opening quote (proxy/bodies.ts openingQuoteOf): a quote's body, checked as one.
      subdivision: re(RE.fullSubdivision, 'an ISO 3166-2 code, e.g. US-NY'),
      sourceCurrencyCode: re(RE.currency, 'a currency code, e.g. USD'),
      destinationCurrencyCode: re(RE.currency, 'a currency code, e.g. BTC'),
      sourceAmount: re(RE.amount, 'a positive decimal, e.g. 100'),
      paymentMethodType: re(RE.method, 'a payment method, e.g. CREDIT_DEBIT_CARD'),
      serviceProviders: partners,
    },
    access: 'public',
  },
  { id: 'adminSession', method: 'GET', path: ['admin', 'session'], query: {}, access: 'admin' },
];

/**
 * Refuses paths that could mean something else after decoding or normalisation: percent-encoding
 * (%2e%2e, %2f, %5c, …), backslashes, empty or dot segments, control or non-ASCII characters and
 * overlong paths. None of the allowlisted paths needs any of these.
 */
export function checkPath(path: string): HttpError | null {
  if (path.length > MAX_PATH_LENGTH)
    return new HttpError(414, 'URI_TOO_LONG', 'The request path is too long');
  if (!path.startsWith('/')) return badRequest('INVALID_PATH', 'The request path must start with /');
  // Printable ASCII only, and none of: % (encodings) \ (alternate separator).
  if (!/^[\x21-\x7E]*$/.test(path) || path.includes('%') || path.includes('\\')) {
    return badRequest('INVALID_PATH', 'The request path contains characters that are not accepted');
  }
  const segments = path.split('/').slice(1);
  if (segments.slice(0, -1).some((s) => s === '') || segments.some((s) => s === '.' || s === '..')) {
    return badRequest('INVALID_PATH', 'The request path contains empty or dot segments');
  }
  return null;
}

/** A rule's path as a Hono route pattern under /api/ramp, parameters as `:name` (also the metrics label). */
export function honoPath(rule: RouteRule): string {
  return `${API_PREFIX}/${rule.path.map((p) => (typeof p === 'string' ? p : `:${p.name}`)).join('/')}`;
}

/** A literal segment a rule is routed by as a parameter (`name`), and the value it must have. */
export interface RoutedLiteral {
  name: string;
  value: string;
}

/**
 * The pattern a rule is routed by. Hono's fastest router (its RegExpRouter) takes no literal segment
 * where another route has a parameter (`transactions/sessions/:sessionId` beside
 * `transactions/:transactionId`); given one, Hono routes every request with its trie router instead,
 * which cost the cached discovery read about a tenth of its throughput. Such a literal is routed as
 * a parameter named for its place (`:_2`), and the route checks its value (`literals`).
 */
export function routedPattern(
  rule: RouteRule,
  rules: readonly RouteRule[] = RULES,
): { pattern: string; literals: RoutedLiteral[] } {
  const literals: RoutedLiteral[] = [];
  const key = (s: Segment) => (typeof s === 'string' ? s : ':');
  const parts = rule.path.map((seg, i) => {
    if (typeof seg !== 'string') return `:${seg.name}`;
    const prefix = rule.path.slice(0, i).map(key).join('/');
    const beside = rules.some(
      (r) => typeof r.path[i] === 'object' && r.path.slice(0, i).map(key).join('/') === prefix,
    );
    if (!beside) return seg;
    literals.push({ name: `_${i}`, value: seg });
    return `:_${i}`;
  });
  return { pattern: `${API_PREFIX}/${parts.join('/')}`, literals };
}

/**
 * Validates the query string against the rule: unknown, repeated or empty parameters are refused,
 * required ones must be present and every value must match its validator.
 */
export function validateQuery(rule: RouteRule, search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of search) {
    const q = Object.hasOwn(rule.query, name) ? rule.query[name] : undefined;
    if (!q) {
      problems.push(`${name.slice(0, 40)}: unknown parameter`);
      continue;
    }
    if (Object.hasOwn(out, name)) {
      problems.push(`${name}: given more than once`);
      continue;
    }
    const err = checkValue(q, value);
    if (err) problems.push(`${name}: ${err}`);
    else out[name] = value;
  }
  for (const [name, q] of Object.entries(rule.query)) {
    if (q.required && !Object.hasOwn(out, name) && !problems.some((p) => p.startsWith(`${name}:`))) {
      problems.push(`${name}: required`);
    }
  }
  if (rule.exclusive) {
    const [a, b] = rule.exclusive;
    if (Object.hasOwn(out, a) && Object.hasOwn(out, b)) problems.push(`${a}, ${b}: give at most one of them`);
  }
  if (problems.length > 0) {
    throw badRequest('INVALID_QUERY_PARAMETER', `Invalid query: ${problems[0]}`, problems);
  }
  return out;
}

function checkValue(q: QueryRule, value: string): string | null {
  switch (q.kind) {
    case 're':
      return q.re.test(value) ? null : `expected ${q.hint}`;
    case 'int': {
      const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
      return n >= q.min && n <= q.max ? null : `expected an integer from ${q.min} to ${q.max}`;
    }
    case 'date':
      return isDate(value) ? null : 'expected a date YYYY-MM-DD';
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value) &&
        isDate(value.slice(0, 10)) &&
        validTime(value)
        ? null
        : 'expected a UTC timestamp YYYY-MM-DDThh:mm:ssZ';
  }
}

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

function validTime(s: string): boolean {
  const [h, m, sec] = s.slice(11, 19).split(':').map(Number) as [number, number, number];
  return h < 24 && m < 60 && sec < 60;
}
