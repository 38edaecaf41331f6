// Test support: the orders listing's filters as both ledgers (embedded and PostgreSQL) must answer
// them: one customer's orders newest first, a page at a time, and a batch of sessions read at once.
import { expect } from 'vitest';
import type { Ledger } from '../storage/ledger/ledger';
import { order } from './ledger-records';

/** Records orders `${p}1` … `${p}5` (created at `t0` + 1 … 5 ms) and checks the filters on them. */
export async function expectOrderFilters(l: Ledger, p: string, t0: number): Promise<void> {
  const [a, b] = [`${p}-cust-a`, `${p}-cust-b`];
  for (const [i, customerId] of [a, b, a, null, a].entries()) {
    const at = t0 + i + 1;
    await l.orders.record(order(`${p}${i + 1}`, { customerId, createdAt: at, updatedAt: at }), []);
  }
  const ids = (orders: { sessionId: string }[]) => orders.map((o) => o.sessionId);
  expect(ids(await l.orders.list({ customerId: a }))).toEqual([`${p}5`, `${p}3`, `${p}1`]);
  const after = { createdAt: t0 + 5, sessionId: `${p}5` };
  expect(ids(await l.orders.list({ customerId: a, after, limit: 1 }))).toEqual([`${p}3`]);
  // Exact: a prefix of a customer id is another customer.
  expect(await l.orders.list({ customerId: `${p}-cust-` })).toEqual([]);

  const batch = await l.orders.list({ sessionIds: [`${p}2`, `${p}4`, `${p}-none`] });
  expect(ids(batch).sort()).toEqual([`${p}2`, `${p}4`]);
  expect(batch.find((o) => o.sessionId === `${p}2`)).toMatchObject({ customerId: b });
  expect(await l.orders.list({ sessionIds: [] })).toEqual([]);
}
