// The ledger in a real PostgreSQL: the embedded store's migrations and SQL run unchanged; instances
// starting together apply each migration once (advisory lock); and two instances racing on one
// change record it once, as the interface promises (serializable transactions, retried).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../http/log';
import { freshDatabase, missingServices } from '../../testing/services';
import { MIGRATIONS } from './migrations';
import { openPostgres, openPostgresLedger } from './postgres';
import { event, ledgerAtVersion, order as baseOrder, upstreamEvent } from '../../testing/ledger-records';
import { EXPIRED } from './types';
import type { Ledger } from './ledger';
import { expectRetained, pruneAll, seedForRetention } from '../../testing/retention';
import { expectPendingOrderLifecycle, pendingOrder } from '../../testing/pending-orders';
import { expectOrderFilters } from '../../testing/order-filters';

const T0 = 1_763_900_000_000;
const order = (sessionId: string) => baseOrder(sessionId, { createdAt: T0, updatedAt: T0, nextCheckAt: T0 });

const skip = missingServices('PostgreSQL ledger', ['postgres']);
const log = createMemoryLogger();

describe.skipIf(skip)('PostgreSQL ledger (real server)', () => {
  let db: { url: string; drop: () => Promise<void> };
  const ledgers: Ledger[] = [];
  beforeAll(async () => {
    db = await freshDatabase('ledger');
  });
  afterAll(async () => {
    await Promise.all(ledgers.map((l) => l.close()));
    await db.drop();
  });

  it('applies each migration once when several instances start at the same moment', async () => {
    const opened = await Promise.all(
      Array.from({ length: 6 }, () => openPostgresLedger(db.url, { log, now: () => 42 })),
    );
    ledgers.push(...opened.map((o) => o.ledger));
    const applied = opened.flatMap((o) => o.applied);
    expect(applied.sort()).toEqual(MIGRATIONS.map((m) => m.version));
    const check = openPostgres(db.url, { log });
    const rows = await check.query<{ version: number }>('SELECT version FROM ramp_schema_migrations');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await check.close();
  });

  it('keeps orders, history and the webhook queue like the embedded store', async () => {
    const l = ledgers[0]!;
    await l.orders.record(order('pg-s1'), [event('pg_e1', 'pg-s1', 'SESSION_CREATED')]);
    const update = { status: 'PENDING', terminal: false, transactionId: 'tx1', at: 1_763_900_001_000 };
    expect(await l.orders.applyUpdate('pg-s1', update, [event('pg_e2', 'pg-s1', 'PENDING')])).toBe(true);
    // Another instance reads what this one wrote, with the same types.
    const other = ledgers[1]!;
    expect(await other.orders.get('pg-s1')).toMatchObject({
      status: 'PENDING',
      transactionId: 'tx1',
      terminal: false,
      createdAt: 1_763_900_000_000,
      updatedAt: 1_763_900_001_000,
    });
    expect((await other.orders.history('pg-s1')).map((h) => h.status)).toEqual([
      'SESSION_CREATED',
      'PENDING',
    ]);
    expect((await other.deliveries.due(1_763_900_002_000, 10)).map((d) => d.id)).toEqual(['pg_e1']);
    expect((await other.orders.list({ reference: 'order-pg-s' })).map((o) => o.sessionId)).toEqual(['pg-s1']);
  });

  it("lists one customer's orders, and reads a batch of sessions' orders at once, like the embedded store", async () => {
    await expectOrderFilters(ledgers[0]!, 'pg-f', T0);
  });

  it('records one change once when several instances see it at the same moment', async () => {
    const l = ledgers[0]!;
    await l.orders.record(order('pg-race'), []);
    const u = { status: 'SETTLED', terminal: true, transactionId: 'tx9', at: 1_763_900_005_000 };
    const results = await Promise.all(
      ledgers.map((x, i) => x.orders.applyUpdate('pg-race', u, [event(`race_${i}`, 'pg-race', 'SETTLED')])),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await l.orders.history('pg-race')).map((h) => h.status)).toEqual(['SESSION_CREATED', 'SETTLED']);
    expect(await l.deliveries.list({ sessionId: 'pg-race' })).toHaveLength(1);
  });

  it('records an upstream event once and lets one of several racing instances apply it', async () => {
    const recorded = await Promise.all(
      ledgers.map((x) => x.upstreamEvents.record(upstreamEvent('pg_up', T0))),
    );
    expect(recorded.filter(Boolean)).toHaveLength(1);
    const claims = await Promise.all(ledgers.map((x) => x.upstreamEvents.claim('pg_up', T0, T0 + 30_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await ledgers[1]!.upstreamEvents.due(T0 + 1, 10)).toEqual([]);
    // A dead holder's claim runs out: another instance takes the event.
    expect((await ledgers[2]!.upstreamEvents.due(T0 + 30_000, 10)).map((e) => e.eventId)).toEqual(['pg_up']);
  });

  it('lets one of several racing instances claim an intent for its pending order', async () => {
    const l = ledgers[0]!;
    await l.intents.create({
      id: 'int_race',
      secretHash: 'hash-race',
      reference: 'order-race',
      country: 'US',
      subdivision: 'US-NY',
      direction: 'sell',
      createdAt: 0,
      expiresAt: 10,
      sessionId: null,
    });
    const begun = await Promise.all(
      ledgers.map((x, i) =>
        x.pendingOrders.begin(
          pendingOrder(`xid-race-${i}`, {
            intentClaim: `claim-${i}`,
            terms: { ...pendingOrder('x').terms, intentId: 'int_race' },
          }),
        ),
      ),
    );
    expect(begun.filter((b) => b === 'begun')).toHaveLength(1);
    expect(begun.filter((b) => b === 'intent_used')).toHaveLength(ledgers.length - 1);
    expect(await ledgers[1]!.intents.get('int_race')).toMatchObject({ country: 'US', subdivision: 'US-NY' });
  });

  it('keeps each session creation as a pending order until it is recorded, released or lost', async () => {
    const fresh = await freshDatabase('pending');
    const { ledger } = await openPostgresLedger(fresh.url, { log });
    try {
      await expectPendingOrderLifecycle(ledger);
    } finally {
      await ledger.close();
      await fresh.drop();
    }
  });

  it('migrates a ledger of migration 3 to 4: old orders have no externalSessionId, new ones keep theirs', async () => {
    const own = await freshDatabase('migration4');
    const before = openPostgres(own.url, { log });
    await ledgerAtVersion(before, 3, 'pg-old', T0);
    await before.close();
    const { ledger, applied } = await openPostgresLedger(own.url, { log });
    try {
      expect(applied).toEqual(MIGRATIONS.map((m) => m.version).filter((v) => v > 3));
      await ledger.orders.record(
        baseOrder('pg-new', { externalSessionId: 'xs_pg', createdAt: T0, nextCheckAt: T0 }),
        [],
      );
      expect(
        (await ledger.orders.dueForCheck(T0 + 1, 10)).map((o) => [o.sessionId, o.externalSessionId]),
      ).toEqual([
        ['pg-new', 'xs_pg'],
        ['pg-old', null],
      ]);
      // An expired checkout still takes a transaction that turns up later, as in the embedded store.
      const expiry = {
        from: 'SESSION_CREATED',
        status: EXPIRED,
        terminal: true,
        transactionId: null,
        at: T0 + 2,
      };
      expect(await ledger.orders.applyUpdate('pg-new', { ...expiry, source: 'expiry' }, [])).toBe(true);
      const paid = { from: EXPIRED, status: 'SETTLED', terminal: true, transactionId: 'tx-late', at: T0 + 3 };
      expect(await ledger.orders.applyUpdate('pg-new', paid, [])).toBe(true);
      expect((await ledger.orders.history('pg-new')).map((h) => h.status)).toEqual([
        'SESSION_CREATED',
        EXPIRED,
        'SETTLED',
      ]);
    } finally {
      await ledger.close();
      await own.drop();
    }
  });

  it('prunes terminal orders and delivered webhooks past retention, in small batches, like the embedded store', async () => {
    const own = await freshDatabase('retention');
    const { ledger } = await openPostgresLedger(own.url, { log });
    try {
      const now = 1_800_000_000_000;
      await seedForRetention(ledger, now);
      expect((await pruneAll(ledger, now - 400 * 86_400_000)).length).toBeGreaterThan(1);
      await expectRetained(ledger);
    } finally {
      await ledger.close();
      await own.drop();
    }
  });
});
