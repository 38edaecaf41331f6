import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedLedger } from './index';
import { openSqlite } from './sqlite';
import { createSqlLedger } from './sql-ledger';
import { migrate } from './schema-version';
import { MIGRATIONS } from './migrations';
import { expectRetained, pruneAll, seedForRetention } from '../../testing/retention';
import { event, ledgerAtVersion, order, upstreamEvent } from '../../testing/ledger-records';
import { expectPendingOrderLifecycle } from '../../testing/pending-orders';
import { expectOrderFilters } from '../../testing/order-filters';
import { EXPIRED } from './types';
import type { Ledger } from './ledger';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ramp-ledger-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('embedded ledger', () => {
  it('keeps orders, history and pending deliveries in its file across a reopen', async () => {
    const dir = tempDir();
    const a = await openEmbeddedLedger(dir);
    await a.orders.record(order('s1'), [event('evt_1', 's1')]);
    await a.orders.applyUpdate('s1', { status: 'PENDING', terminal: false, transactionId: 'tx1', at: 2000 }, [
      event('evt_2', 's1', 'PENDING'),
    ]);
    await a.close();

    const b = await openEmbeddedLedger(dir);
    expect(await b.orders.get('s1')).toMatchObject({ status: 'PENDING', transactionId: 'tx1' });
    expect((await b.orders.history('s1')).map((h) => h.status)).toEqual(['SESSION_CREATED', 'PENDING']);
    expect((await b.deliveries.due(5000, 10)).map((d) => d.id)).toEqual(['evt_1']);
    await b.close();
  });

  it('prunes terminal orders and delivered webhooks past retention, in small batches, and nothing else', async () => {
    const now = 1_800_000_000_000;
    const l = await openEmbeddedLedger(null);
    await seedForRetention(l, now);
    const batches = await pruneAll(l, now - 400 * 86_400_000);
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(2 * 7);
    await expectRetained(l);
    await l.close();
  });

  it('records each upstream event once, lets one holder apply it, and wakes it when its transaction is linked', async () => {
    const l = await openEmbeddedLedger(null);
    expect(await l.upstreamEvents.record(upstreamEvent('up_1', 1000))).toBe(true);
    expect(await l.upstreamEvents.record(upstreamEvent('up_1', 1500))).toBe(false);
    expect((await l.upstreamEvents.due(1000, 10)).map((e) => e.eventId)).toEqual(['up_1']);
    // One holder at a time until its claim runs out.
    expect(await l.upstreamEvents.claim('up_1', 1000, 31_000)).toBe(true);
    expect(await l.upstreamEvents.claim('up_1', 2000, 32_000)).toBe(false);
    expect(await l.upstreamEvents.due(2000, 10)).toEqual([]);
    expect(await l.upstreamEvents.nextDueAt()).toBe(31_000);
    // Deferred: due later, or at once when a read links its transaction to an order.
    await l.upstreamEvents.defer('up_1', 60_000, 'no order for this transaction (yet)');
    expect(await l.upstreamEvents.due(3000, 10)).toEqual([]);
    expect(await l.upstreamEvents.wake('tx1', 3000)).toBe(1);
    expect(await l.upstreamEvents.due(3000, 10)).toEqual([
      expect.objectContaining({ eventId: 'up_1', attempts: 1, note: 'no order for this transaction (yet)' }),
    ]);
    await l.upstreamEvents.finish('up_1', { state: 'applied', at: 4000, note: 'recorded SETTLED' });
    expect(await l.upstreamEvents.claim('up_1', 5000, 35_000)).toBe(false);
    expect(await l.upstreamEvents.get('up_1')).toMatchObject({ state: 'applied', doneAt: 4000 });
    expect(await l.upstreamEvents.nextDueAt()).toBeNull();
    // A status change keeps its source; an order is found by its transaction once linked.
    await l.orders.record(order('s9'), []);
    const u = {
      status: 'PENDING',
      terminal: false,
      transactionId: 'tx9',
      at: 2000,
      source: 'webhook' as const,
    };
    expect(await l.orders.applyUpdate('s9', u, [])).toBe(true);
    expect((await l.orders.history('s9')).map((h) => h.source)).toEqual(['checkout', 'webhook']);
    expect((await l.orders.byTransaction('tx9'))?.sessionId).toBe('s9');
    expect(await l.orders.byTransaction('tx-unknown')).toBeNull();
    await l.close();
  });

  it('runs each migration once', async () => {
    const db = await openSqlite(null);
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    await db.close();
  });

  it("keeps each order's externalSessionId; orders from before migration 4 have none and are still due", async () => {
    const db = await openSqlite(null);
    await ledgerAtVersion(db, 3, 'sess_old', 1000);
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version).filter((v) => v > 3));
    const l = createSqlLedger(db);
    await l.orders.record(order('sess_new', { externalSessionId: 'xs_new', nextCheckAt: 2000 }), []);
    expect(await l.orders.get('sess_old')).toMatchObject({
      externalSessionId: null,
      status: 'SESSION_CREATED',
    });
    expect(await l.orders.get('sess_new')).toMatchObject({ externalSessionId: 'xs_new' });
    expect((await l.orders.dueForCheck(5000, 10)).map((o) => [o.sessionId, o.externalSessionId])).toEqual([
      ['sess_old', null],
      ['sess_new', 'xs_new'],
    ]);
    await l.close();
  });

  it('lets an expired checkout take a transaction that turns up later, and follows it again', async () => {
    const l = await openEmbeddedLedger(null);
    await l.orders.record(order('s1', { nextCheckAt: 1000 }), []);
    const expired = { from: 'SESSION_CREATED', status: EXPIRED, terminal: true, transactionId: null };
    expect(await l.orders.applyUpdate('s1', { ...expired, at: 5000, source: 'expiry' }, [])).toBe(true);
    expect(await l.orders.get('s1')).toMatchObject({ status: EXPIRED, terminal: true, nextCheckAt: null });
    expect(await l.orders.dueForCheck(10_000, 10)).toEqual([]);
    // Nothing but a transaction moves it: not another status without one.
    expect(
      await l.orders.applyUpdate(
        's1',
        { status: 'SESSION_CREATED', terminal: false, transactionId: null, at: 6000 },
        [],
      ),
    ).toBe(false);
    const paid = { from: EXPIRED, status: 'PENDING', terminal: false, transactionId: 'tx1', at: 7000 };
    expect(
      await l.orders.applyUpdate('s1', { ...paid, source: 'webhook' }, [event('e1', 's1', 'PENDING')]),
    ).toBe(true);
    expect(await l.orders.get('s1')).toMatchObject({ status: 'PENDING', terminal: false, nextCheckAt: 7000 });
    expect((await l.orders.dueForCheck(7000, 10)).map((o) => o.sessionId)).toEqual(['s1']);
    expect((await l.orders.history('s1')).map((h) => [h.status, h.source])).toEqual([
      ['SESSION_CREATED', 'checkout'],
      [EXPIRED, 'expiry'],
      ['PENDING', 'webhook'],
    ]);
    // Any other terminal status stays final.
    await l.orders.applyUpdate(
      's1',
      { status: 'SETTLED', terminal: true, transactionId: 'tx1', at: 8000 },
      [],
    );
    expect(
      await l.orders.applyUpdate(
        's1',
        { status: 'REFUNDED', terminal: true, transactionId: 'tx2', at: 9000 },
        [],
      ),
    ).toBe(false);
    await l.close();
  });

  it('records a change once and nothing after a terminal status', async () => {
    const l = await openEmbeddedLedger(null);
    await l.orders.record(order('s1'), []);
    const u = { status: 'SETTLED', terminal: true, transactionId: 'tx1', at: 2000 };
    expect(await l.orders.applyUpdate('s1', u, [event('e1', 's1', 'SETTLED')])).toBe(true);
    expect(await l.orders.applyUpdate('s1', u, [event('e2', 's1', 'SETTLED')])).toBe(false);
    expect(await l.orders.applyUpdate('s1', { ...u, status: 'FAILED' }, [])).toBe(false);
    expect((await l.orders.history('s1')).map((h) => h.status)).toEqual(['SESSION_CREATED', 'SETTLED']);
    expect((await l.deliveries.list({ sessionId: 's1' })).map((d) => d.id)).toEqual(['e1']);
    expect(await l.orders.dueForCheck(10_000, 10)).toEqual([]);
    await l.close();
  });

  it('never writes a status read against an older state over a newer one', async () => {
    const l = await openEmbeddedLedger(null);
    await l.orders.record(order('s2'), []);
    const processing = {
      from: 'SESSION_CREATED',
      status: 'PROCESSING',
      terminal: false,
      transactionId: 'tx2',
      at: 2000,
    };
    expect(await l.orders.applyUpdate('s2', processing, [event('e1', 's2', 'PROCESSING')])).toBe(true);
    // A slower reader that also started from SESSION_CREATED, but saw the transaction earlier.
    const stale = { ...processing, status: 'PENDING', at: 2100 };
    expect(await l.orders.applyUpdate('s2', stale, [event('e2', 's2', 'PENDING')])).toBe(false);
    expect((await l.orders.history('s2')).map((h) => h.status)).toEqual(['SESSION_CREATED', 'PROCESSING']);
    expect((await l.deliveries.list({ sessionId: 's2' })).map((d) => d.id)).toEqual(['e1']);
    await l.close();
  });

  it("offers only the head of each session's queue, so events go out in order", async () => {
    const l = await openEmbeddedLedger(null);
    await l.orders.record(order('s1'), [event('a1', 's1'), event('a2', 's1', 'PENDING')]);
    await l.orders.record(order('s2'), [event('b1', 's2')]);
    expect((await l.deliveries.due(5000, 10)).map((d) => d.id).sort()).toEqual(['a1', 'b1']);
    await l.deliveries.recordAttempt('a1', {
      at: 5000,
      status: 500,
      error: 'HTTP 500',
      state: 'pending',
      nextAttemptAt: 9000,
    });
    expect((await l.deliveries.due(6000, 10)).map((d) => d.id)).toEqual(['b1']);
    await l.deliveries.recordAttempt('a1', {
      at: 9000,
      status: 200,
      error: null,
      state: 'delivered',
      nextAttemptAt: 9000,
    });
    expect((await l.deliveries.due(9000, 10)).map((d) => d.id).sort()).toEqual(['a2', 'b1']);
    expect(await l.deliveries.resend('a1', 9500)).toBe(true);
    expect(await l.deliveries.resend('nope', 9500)).toBe(false);
    const a1 = (await l.deliveries.list({ sessionId: 's1' })).find((d) => d.id === 'a1');
    expect(a1).toMatchObject({ state: 'pending', attempts: 2, nextAttemptAt: 9500 });
    await l.close();
  });

  it('reads an intent stored before intents fixed their direction as a buy', async () => {
    const db = await openSqlite(null);
    await migrate(db);
    await db.query(
      `INSERT INTO ramp_intents (id, secret_hash, reference, amount, created_at, expires_at)
       VALUES ('int_old', 'h_old', 'order-42', '100', 0, 10)`,
    );
    const l = createSqlLedger(db);
    expect(await l.intents.get('int_old')).toMatchObject({ reference: 'order-42', direction: 'buy' });
    await l.close();
  });

  it('keeps each session creation as a pending order until it is recorded, released or lost', async () => {
    const l = await openEmbeddedLedger(null);
    await expectPendingOrderLifecycle(l);
    await l.close();
  });

  it("lists one customer's orders, and reads a batch of sessions' orders at once", async () => {
    const l = await openEmbeddedLedger(null);
    await expectOrderFilters(l, 'f', 1000);
    await l.close();
  });

  it('finds orders by their reference or its prefix', async () => {
    const l: Ledger = await openEmbeddedLedger(null);
    await l.intents.create({
      id: 'int_1',
      secretHash: 'h',
      reference: 'order-s9',
      direction: 'buy',
      amount: '50',
      country: 'US',
      subdivision: 'US-NY',
      createdAt: 0,
      expiresAt: 10,
      sessionId: null,
    });
    expect(await l.intents.findBySecretHash('h')).toMatchObject({
      amount: '50',
      reference: 'order-s9',
      country: 'US',
      subdivision: 'US-NY',
    });
    await l.orders.record(order('s9', { reference: 'order-s9' }), []);
    expect((await l.orders.list({ reference: 'order-s9' })).map((o) => o.sessionId)).toEqual(['s9']);
    expect((await l.orders.list({ reference: 'order-s' })).map((o) => o.sessionId)).toEqual(['s9']);
    await l.close();
  });
});
