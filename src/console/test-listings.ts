// Test-only: the console over the host server in process (queries/test-server.ts: the real server
// with its console token, and its embedded sandbox, whose seeded history and banking data the
// listings show, the same every run on the fixed clock), and what the server lists, read whole
// through its own API, as the tests' expectations.
import type { FinancialAccount, FinancialAccountTransaction, Transaction } from '../api/types';
import { createTestServer } from '../queries/test-server';
import type { TestServer } from '../queries/test-server';
import { ADMIN_TOKEN } from '../server/testing/server';

export const TOKEN = ADMIN_TOKEN;

/** The sandbox's data ends here: 240 payments over the 90 days before, banking data too. */
const TODAY = Date.UTC(2026, 9, 1, 12);

/** The server the console talks to; `env` as an operator sets it (RAMP_ADMIN_TOKEN='': no console). */
export const consoleServer = (env: Record<string, string> = {}): TestServer =>
  createTestServer({ clock: TODAY, env });

type Listed<T> = T & { key: string };

/** Every record the server lists at `path` (below /api/ramp) with `query`, all pages, in list order. */
async function listedAll<T>(
  server: TestServer,
  path: string,
  field: string,
  query: Record<string, string>,
): Promise<Listed<T>[]> {
  const records: Listed<T>[] = [];
  for (let after: string | undefined; ;) {
    const params = new URLSearchParams({ ...query, limit: '100', ...(after ? { after } : {}) });
    const res = await server.host.request(`/api/ramp${path}?${params}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as Record<string, unknown> & { remaining: number };
    const items = page[field] as Listed<T>[];
    records.push(...items);
    if (page.remaining === 0 || items.length === 0) return records;
    after = items.at(-1)!.key;
  }
}

export const payments = (server: TestServer, query: Record<string, string> = {}) =>
  listedAll<Transaction>(server, '/payments/transactions', 'transactions', query);

export const accounts = (server: TestServer, customerId: string) =>
  listedAll<FinancialAccount>(server, '/financial-accounts', 'financialAccounts', { customerId });

export const accountTransactions = (server: TestServer, query: Record<string, string>) =>
  listedAll<FinancialAccountTransaction>(
    server,
    '/financial-accounts/transactions',
    'financialAccountTransactions',
    query,
  );

/** The ids of records, in order. */
export const idsOf = (records: { id: string }[]) => records.map((r) => r.id);
