// Test support: what retention must remove and keep, run against either store (embedded and
// PostgreSQL alike), in batches of two so that "small batches" is exercised too.
import { expect } from 'vitest';
import type { Ledger } from '../storage/ledger/ledger';
import { event, order } from './ledger-records';

const DAY = 86_400_000;

/** Fills `ledger` around a cutoff `days` before `now`: what is older and done, and what must stay. */
export async function seedForRetention(ledger: Ledger, now: number, days = 400): Promise<void> {
  const old = now - (days + 100) * DAY;
  const recent = now - 10 * DAY;
  const settle = (id: string, at: number) =>
    ledger.orders.applyUpdate(id, { status: 'SETTLED', terminal: true, transactionId: `tx-${id}`, at }, []);
  const delivered = (id: string, at: number) =>
    ledger.deliveries.recordAttempt(id, {
      at,
      status: 204,
      error: null,
      state: 'delivered',
      nextAttemptAt: at,
    });

  for (const id of ['old-done-1', 'old-done-2', 'old-done-3']) {
    await ledger.orders.record(order(id, { createdAt: old, updatedAt: old }), [event(`e-${id}`, id)]);
    await delivered(`e-${id}`, old);
    await settle(id, old);
  }
  // Done long ago, but its last event is still being delivered: kept until it is.
  await ledger.orders.record(order('old-undelivered', { createdAt: old, updatedAt: old }), [
    event('e-old-undelivered', 'old-undelivered'),
  ]);
  await settle('old-undelivered', old);
  // Still open after all this time: kept, though its old delivered event goes.
  await ledger.orders.record(order('old-open', { createdAt: old, updatedAt: old }), [
    event('e-old-open', 'old-open'),
  ]);
  await delivered('e-old-open', old);
  // Done recently: kept with its delivered event.
  await ledger.orders.record(order('new-done', { createdAt: recent, updatedAt: recent }), [
    event('e-new-done', 'new-done'),
  ]);
  await delivered('e-new-done', recent);
  await settle('new-done', recent);
  // Intents: one expired long ago unused (goes), one recent (stays).
  for (const [id, at] of [
    ['int-old', old],
    ['int-new', recent],
  ] as const) {
    await ledger.intents.create({
      id,
      secretHash: `hash-${id}`,
      reference: id,
      direction: 'buy',
      createdAt: at,
      expiresAt: at + DAY,
      sessionId: null,
    });
  }
}

/** After retention ran: the old and done are gone, everything else is as it was. */
export async function expectRetained(ledger: Ledger): Promise<void> {
  for (const id of ['old-done-1', 'old-done-2', 'old-done-3']) {
    expect(await ledger.orders.get(id)).toBeNull();
    expect(await ledger.orders.history(id)).toEqual([]);
    expect(await ledger.deliveries.list({ sessionId: id })).toEqual([]);
  }
  expect(await ledger.orders.get('old-undelivered')).toMatchObject({ terminal: true });
  expect((await ledger.deliveries.list({ sessionId: 'old-undelivered' })).map((d) => d.state)).toEqual([
    'pending',
  ]);
  expect(await ledger.orders.get('old-open')).toMatchObject({ terminal: false });
  expect(await ledger.deliveries.list({ sessionId: 'old-open' })).toEqual([]);
  expect(await ledger.orders.get('new-done')).toMatchObject({ terminal: true });
  expect((await ledger.orders.history('new-done')).map((h) => h.status)).toEqual([
    'SESSION_CREATED',
    'SETTLED',
  ]);
  expect((await ledger.deliveries.list({ sessionId: 'new-done' })).map((d) => d.state)).toEqual([
    'delivered',
  ]);
  expect(await ledger.intents.findBySecretHash('hash-int-old')).toBeNull();
  expect(await ledger.intents.findBySecretHash('hash-int-new')).not.toBeNull();
}

/** Prunes in batches of two until nothing is left to prune; returns the batches' sizes. */
export async function pruneAll(ledger: Ledger, before: number): Promise<number[]> {
  const batches: number[] = [];
  for (;;) {
    const n = await ledger.retention.prune(before, 2);
    if (n === 0) return batches;
    batches.push(n);
  }
}
