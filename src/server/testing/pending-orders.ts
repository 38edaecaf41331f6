// Test support: the pending-order lifecycle as both ledgers (embedded and PostgreSQL) must keep it.
import { expect } from 'vitest';
import type { Ledger } from '../storage/ledger/ledger';
import type { PendingOrderRecord } from '../storage/ledger/types';
import { event, order } from './ledger-records';

export const T0 = 1_800_000_000_000;

export const pendingOrder = (
  externalSessionId: string,
  over: Partial<PendingOrderRecord> = {},
): PendingOrderRecord => ({
  externalSessionId,
  fingerprint: `fp-${externalSessionId}`,
  intentClaim: null,
  terms: {
    intentId: null,
    reference: null,
    customerId: null,
    partner: 'BANXA',
    direction: 'buy',
    country: 'US',
    sourceCurrency: 'USD',
    sourceAmount: '100',
    destinationCurrency: 'ETH',
    walletAddress: '0xabc',
  },
  request: JSON.stringify({ sessionType: 'BUY', externalSessionId }),
  state: 'pending',
  sessionId: null,
  answer: null,
  createdAt: T0,
  nextAttemptAt: T0 + 125_000,
  attempts: 0,
  note: null,
  ...over,
});

const intentFor = (id: string, over: Partial<PendingOrderRecord> = {}) =>
  pendingOrder(`xid-${id}`, {
    intentClaim: `claim-${id}`,
    terms: { ...pendingOrder('x').terms, intentId: 'int_p', reference: 'order-p' },
    ...over,
  });

/** Begin, claim, defer, release, record (once, even when retried) and lose; then retention. */
export async function expectPendingOrderLifecycle(l: Ledger): Promise<void> {
  await l.intents.create({
    id: 'int_p',
    secretHash: 'hash-p',
    reference: 'order-p',
    direction: 'buy',
    createdAt: T0,
    expiresAt: T0 + 3_600_000,
    sessionId: null,
  });
  const claimOf = async () => (await l.intents.get('int_p'))!.sessionId;

  // One pending order per externalSessionId, one session per intent.
  expect(await l.pendingOrders.begin(intentFor('a'))).toBe('begun');
  expect(await claimOf()).toBe('claim-a');
  expect(await l.pendingOrders.begin(intentFor('a'))).toBe('exists');
  expect(await l.pendingOrders.begin(intentFor('b'))).toBe('intent_used');
  expect(await l.pendingOrders.get('xid-b')).toBeNull();
  expect(await l.pendingOrders.get('xid-a')).toEqual(intentFor('a'));

  // Due once its takeover time comes; each look that does not settle it pushes it back.
  expect(await l.pendingOrders.due(T0 + 124_999, 10)).toEqual([]);
  expect((await l.pendingOrders.due(T0 + 125_000, 10)).map((p) => p.externalSessionId)).toEqual(['xid-a']);
  expect(await l.pendingOrders.nextDueAt()).toBe(T0 + 125_000);
  await l.pendingOrders.defer('xid-a', T0 + 130_000, 'NETWORK_ERROR');
  expect(await l.pendingOrders.get('xid-a')).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 130_000 });

  // Refused: gone, and the intent free for another session.
  await l.pendingOrders.release('xid-a');
  expect(await l.pendingOrders.get('xid-a')).toBeNull();
  expect(await claimOf()).toBeNull();

  // Recorded: the order, its intent and the pending order in one step; a retried write adds nothing.
  expect(await l.pendingOrders.begin(intentFor('c'))).toBe('begun');
  const settles = { externalSessionId: 'xid-c', answer: JSON.stringify({ id: 'ses_c', widgetUrl: 'u' }) };
  const o = order('ses_c', { intentId: 'int_p', reference: 'order-p', createdAt: T0, updatedAt: T0 });
  await l.orders.record(o, [event('evt_c', 'ses_c')], 'claim-c', settles);
  await l.orders.record(o, [event('evt_c2', 'ses_c')], 'claim-c', settles);
  expect(await l.pendingOrders.get('xid-c')).toMatchObject({
    state: 'recorded',
    sessionId: 'ses_c',
    answer: settles.answer,
    request: null,
  });
  expect(await claimOf()).toBe('ses_c');
  expect((await l.orders.history('ses_c')).map((h) => h.status)).toEqual(['SESSION_CREATED']);
  expect((await l.deliveries.list({ sessionId: 'ses_c' })).map((d) => d.id)).toEqual(['evt_c']);
  expect(await l.pendingOrders.due(T0 + 10_000_000, 10)).toEqual([]);
  // Settled: neither released nor lost afterwards.
  await l.pendingOrders.release('xid-c');
  await l.pendingOrders.lose('xid-c', T0, 'late');
  expect(await l.pendingOrders.get('xid-c')).toMatchObject({ state: 'recorded' });

  // Lost: kept without its request, its intent's claim given back.
  await l.intents.create({
    id: 'int_q',
    secretHash: 'hash-q',
    reference: 'order-q',
    direction: 'buy',
    createdAt: T0,
    expiresAt: T0 + 3_600_000,
    sessionId: null,
  });
  const q = pendingOrder('xid-q', {
    intentClaim: 'claim-q',
    terms: { ...pendingOrder('x').terms, intentId: 'int_q', reference: 'order-q' },
  });
  expect(await l.pendingOrders.begin(q)).toBe('begun');
  await l.pendingOrders.lose('xid-q', T0 + 200_000, 'nobody has its answer');
  expect(await l.pendingOrders.get('xid-q')).toMatchObject({
    state: 'lost',
    request: null,
    note: 'nobody has its answer',
  });
  expect((await l.intents.get('int_q'))!.sessionId).toBeNull();
  expect(await l.pendingOrders.nextDueAt()).toBeNull();

  // Retention: settled pending orders go with the rest; a pending one stays whatever its age.
  expect(await l.pendingOrders.begin(pendingOrder('xid-open'))).toBe('begun');
  await l.retention.prune(T0 + 1, 100);
  expect(await l.pendingOrders.get('xid-c')).toBeNull();
  expect(await l.pendingOrders.get('xid-q')).toBeNull();
  expect(await l.pendingOrders.get('xid-open')).toMatchObject({ state: 'pending' });
}
