// Test double of the host server's console surface (/api/ramp), with the listing semantics of
// CONTRACTS: newest first; `after=<key>` the records following that one, `before=<key>` those
// immediately preceding it (still in list order); `remaining` counts beyond the page in the
// direction of travel. Used by the console's unit and component tests only.
import type { FinancialAccount, FinancialAccountTransaction, Transaction } from '../api/types';

export const TEST_TOKEN = 'test-console-token-0123456789';

const STATUSES = ['SETTLED', 'SETTLED', 'PENDING', 'FAILED', 'SETTLED', 'REFUNDED'] as const;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 8, 30, 12, 0, 0);

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
export const keyOf = (id: string) => `k.${id}`;

/** The shoppers' wallets: a buy sends to one, a sell pays from one (every seventh record uses the first). */
export const WALLETS = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
] as const;

/** Every fifth record is Banxa's, the others Transak's. */
export const partnerOf = (i: number) => (i % 5 === 4 ? 'BANXA' : 'TRANSAK');
const walletOf = (i: number) => (i % 7 === 0 ? WALLETS[0] : i % 2 ? WALLETS[1] : WALLETS[2]);

/** `count` transactions, newest first, one hour apart, statuses cycling through STATUSES. */
export function makeTransactions(count: number): Transaction[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `txn_${String(i).padStart(4, '0')}`;
    const sell = i % 4 === 3;
    return {
      id,
      key: keyOf(id),
      status: STATUSES[i % STATUSES.length]!,
      transactionType: sell ? 'CRYPTO_SELL' : 'CRYPTO_PURCHASE',
      serviceProvider: partnerOf(i),
      sourceAmount: 100 + i,
      sourceCurrencyCode: 'USD',
      destinationAmount: 0.01 * (i + 1),
      destinationCurrencyCode: 'ETH',
      paymentMethodType: 'CARD',
      externalCustomerId: `shop-user-${i % 3}`,
      createdAt: iso(T0 - i * HOUR),
      updatedAt: iso(T0 - i * HOUR + 600_000),
      cryptoDetails: {
        networkFee: 1.5,
        partnerFee: 2.25,
        transactionFee: 0,
        totalFee: 3.75,
        ...(sell ? { sourceWalletAddress: walletOf(i) } : { destinationWalletAddress: walletOf(i) }),
      },
    };
  });
}

export function makeAccounts(customerId: string, count: number): FinancialAccount[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `fa_${customerId}_${String(i).padStart(3, '0')}`;
    return {
      id,
      key: keyOf(id),
      customerId,
      name: `Checking ${i}`,
      institutionName: 'Example Bank',
      type: 'DEPOSITORY',
      subtype: 'CHECKING',
      status: 'ACTIVE',
      truncatedAccountNumber: String(1000 + i),
      balances: { availableAmount: 500 + i, currentAmount: 510 + i, currency: 'USD' },
    };
  });
}

export function makeAccountTransactions(customerId: string, count: number): FinancialAccountTransaction[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `fat_${customerId}_${String(i).padStart(4, '0')}`;
    return {
      id,
      key: keyOf(id),
      customerId,
      financialAccountId: `fa_${customerId}_000`,
      amount: -10 - i,
      currency: 'USD',
      description: i % 2 ? 'COFFEE SHOP, "DOWNTOWN"' : '=HYPERLINK("x")',
      category: 'FOOD_AND_DRINK',
      status: 'POSTED',
      transactionDate: iso(T0 - i * HOUR),
    };
  });
}

export interface TestServerOptions {
  transactions?: Transaction[];
  accounts?: FinancialAccount[];
  accountTransactions?: FinancialAccountTransaction[];
  /** The token the server accepts; null: the console is disabled (404). */
  token?: string | null;
  /** Answer listings with this status and code instead (e.g. 500), until cleared. */
  fail?: { status: number; code: string } | null;
}

export interface TestServer {
  fetch: typeof fetch;
  /** Every request, as path + query (e.g. '/payments/transactions?status=SETTLED&limit=2'). */
  requests: string[];
  /** Requests of one path, their query parameters parsed. */
  queries(path: string): URLSearchParams[];
  options: TestServerOptions;
}

/** The query parameters the host server takes on GET /payments/transactions. */
const TRANSACTION_PARAMS: ReadonlySet<string> = new Set([
  'status',
  'from',
  'serviceProviders',
  'types',
  'externalCustomerIds',
  'limit',
  'before',
  'after',
]);

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function page<T extends { id: string; key: string }>(records: T[], q: URLSearchParams, all: T[]) {
  const limit = Number(q.get('limit') ?? 10);
  const after = q.get('after');
  const before = q.get('before');
  if (after !== null && before !== null) return { error: json(400, { code: 'BAD_REQUEST', message: 'one' }) };
  const cursor = after ?? before;
  let start = 0;
  let end = Math.min(limit, records.length);
  if (cursor !== null) {
    const anchor = all.findIndex((r) => r.key === cursor);
    if (anchor === -1) return { error: json(400, { code: 'INVALID_QUERY_PARAMETER', message: 'bad key' }) };
    // Position in the filtered list: the first filtered record after the anchor in list order.
    const boundary = records.findIndex((r) => all.indexOf(r) > anchor);
    const b = boundary === -1 ? records.length : boundary;
    if (after !== null) {
      start = b;
      end = Math.min(b + limit, records.length);
    } else {
      const firstNotBefore = records.findIndex((r) => all.indexOf(r) >= anchor);
      end = firstNotBefore === -1 ? records.length : firstNotBefore;
      start = Math.max(0, end - limit);
    }
  }
  const items = records.slice(start, end);
  const remaining = before !== null ? start : records.length - end;
  return { items, count: items.length, remaining, totalCount: records.length };
}

export function createTestServer(options: TestServerOptions = {}): TestServer {
  const requests: string[] = [];
  const o: TestServerOptions = { token: TEST_TOKEN, ...options };
  const base = 'http://console.test/api/ramp';

  const handle = (url: URL, auth: string | null): Response => {
    const path = url.pathname.replace(/^\/api\/ramp/, '');
    if (o.token === null) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    if (auth !== `Bearer ${o.token}`) {
      return json(401, { code: 'UNAUTHORIZED', message: 'A valid console token is required' });
    }
    if (path === '/admin/session') return new Response(null, { status: 204 });
    if (o.fail) return json(o.fail.status, { code: o.fail.code, message: `Failed with ${o.fail.code}` });
    const q = url.searchParams;
    // Like the upstream, only the payments listing says its totalCount.
    const respond = <T extends { id: string; key: string }>(wrapper: string, records: T[], all: T[]) => {
      const p = page(records, q, all);
      if ('error' in p) return p.error!;
      const { items, totalCount, ...meta } = p;
      return json(200, { ...meta, ...(wrapper === 'transactions' ? { totalCount } : {}), [wrapper]: items });
    };
    if (path === '/payments/transactions') {
      const all = (o.transactions ?? []) as (Transaction & { key: string })[];
      // The host server refuses parameters it does not forward, and so does this double.
      const unknown = [...q.keys()].filter((k) => !TRANSACTION_PARAMS.has(k));
      if (unknown.length) {
        return json(400, { code: 'INVALID_QUERY_PARAMETER', message: `Unknown ${unknown.join(', ')}` });
      }
      const status = q.get('status');
      const from = q.get('from');
      const providers = q.get('serviceProviders')?.split(',');
      const types = q.get('types')?.split(',');
      const customers = q.get('externalCustomerIds')?.split(',');
      const matching = all.filter(
        (t) =>
          (!status || t.status === status) &&
          (!from || (t.createdAt ?? '') >= `${from}T00:00:00Z`) &&
          (!providers || providers.includes(t.serviceProvider ?? '')) &&
          (!types || types.includes(t.transactionType ?? '')) &&
          (!customers || customers.includes(t.externalCustomerId ?? '')),
      );
      return respond('transactions', matching, all);
    }
    const txn = /^\/payments\/transactions\/([^/]+)$/.exec(path);
    if (txn) {
      const found = o.transactions?.find((t) => t.id === decodeURIComponent(txn[1]!));
      return found
        ? json(200, { transaction: found })
        : json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    if (path === '/financial-accounts') {
      const all = o.accounts ?? [];
      const customerId = q.get('customerId');
      return respond(
        'financialAccounts',
        all.filter((a) => !customerId || a.customerId === customerId),
        all,
      );
    }
    if (path === '/financial-accounts/transactions') {
      const all = o.accountTransactions ?? [];
      const customerId = q.get('customerId');
      const startDate = q.get('startDate');
      const endDate = q.get('endDate');
      const matching = all.filter(
        (t) =>
          (!customerId || t.customerId === customerId) &&
          (!startDate || (t.transactionDate ?? '') >= startDate) &&
          (!endDate || (t.transactionDate ?? '') <= endDate),
      );
      return respond('financialAccountTransactions', matching, all);
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  };

  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), base);
    requests.push(url.pathname.replace(/^\/api\/ramp/, '') + url.search);
    const headers = new Headers(init?.headers);
    return handle(url, headers.get('authorization'));
  };

  return {
    fetch: fetchImpl,
    requests,
    options: o,
    queries: (path) =>
      requests
        .filter((r) => r.split('?')[0] === path)
        .map((r) => new URLSearchParams(r.includes('?') ? r.slice(r.indexOf('?')) : '')),
  };
}
