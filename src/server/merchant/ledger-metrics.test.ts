// The ledger as the merchant backend composes it: every part's writes timed once each (the
// ramp_ledger_write_duration_seconds histogram), its reads not, and the gauges read on each scrape.
import { afterEach, expect, it } from 'vitest';
import { openEmbeddedLedger } from '../storage/ledger';
import type { Ledger } from '../storage/ledger/ledger';
import type { QueueDepths } from '../http/metrics';
import { event, order } from '../testing/ledger-records';
import { pendingOrder } from '../testing/pending-orders';
import { instrumentLedger } from './ledger-metrics';

const ledgers: Ledger[] = [];
afterEach(async () => {
  for (const l of ledgers.splice(0)) await l.close();
});

it("times each write of the ledger's parts once, and none of its reads", async () => {
  const ledger = await openEmbeddedLedger(null);
  ledgers.push(ledger);
  let timedWrites = 0;
  let scrape: () => Promise<QueueDepths> = () => Promise.reject(new Error('not watched'));
  const l = instrumentLedger(
    { timeLedgerWrite: () => () => void timedWrites++, readQueuesFrom: (read) => (scrape = read) },
    ledger,
  );
  const timed = async (step: () => Promise<unknown>) => {
    const before = timedWrites;
    await step();
    return timedWrites - before;
  };
  const at = 1_000;
  const intent = { id: 'int_m', secretHash: 'hash-m', reference: 'r-m', direction: 'buy' as const };

  expect(
    await timed(() => l.intents.create({ ...intent, createdAt: at, expiresAt: at + 1, sessionId: null })),
  ).toBe(1);
  expect(await timed(() => l.intents.get('int_m'))).toBe(0);
  expect(await timed(() => l.pendingOrders.begin(pendingOrder('xid-a')))).toBe(1);
  expect(await timed(() => l.pendingOrders.begin(pendingOrder('xid-b')))).toBe(1);
  expect(await timed(() => l.pendingOrders.defer('xid-a', at, 'later'))).toBe(1);
  expect(await timed(() => l.pendingOrders.lose('xid-a', at, 'lost'))).toBe(1);
  expect(await timed(() => l.pendingOrders.release('xid-b'))).toBe(1);
  expect(await timed(() => l.pendingOrders.due(at, 10))).toBe(0);
  expect(await timed(() => l.orders.record(order('s1'), [event('evt_m', 's1')]))).toBe(1);
  const update = { status: 'PENDING', terminal: false, transactionId: 'tx-m', at };
  expect(await timed(() => l.orders.applyUpdate('s1', update, []))).toBe(1);
  expect(
    await timed(() => l.orders.scheduleChecks([{ sessionId: 's1', nextCheckAt: at, checkAttempts: 1 }])),
  ).toBe(1);
  expect(await timed(() => l.orders.list({}))).toBe(0);
  const attempt = { at, status: 500, error: null, state: 'dead' as const, nextAttemptAt: at };
  expect(await timed(() => l.deliveries.recordAttempt('evt_m', attempt))).toBe(1);
  expect(await timed(() => l.deliveries.resend('evt_m', at))).toBe(1);
  expect(await timed(() => l.deliveries.list({}))).toBe(0);

  // The writes went through to the ledger itself.
  expect(await ledger.orders.get('s1')).toMatchObject({ status: 'PENDING', checkAttempts: 1 });
  expect((await ledger.pendingOrders.get('xid-a'))?.state).toBe('lost');
  expect(await ledger.pendingOrders.get('xid-b')).toBeNull();
  expect(await ledger.deliveries.list({ sessionId: 's1' })).toMatchObject([
    { state: 'pending', attempts: 1 },
  ]);
  expect(await scrape()).toMatchObject({ openOrders: 1, pendingDeliveries: 1, orders: 1, deliveries: 1 });
});
