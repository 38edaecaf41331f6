// The Ledger over any SqlDriver (driver.ts): its parts, each in the SQL SQLite and PostgreSQL share.
import type { SqlDriver } from './driver';
import type { Ledger } from './ledger';
import { sqlWebhookQueue } from './sql-deliveries';
import { sqlGauges } from './sql-gauges';
import { sqlIntents } from './sql-intents';
import { sqlOrders } from './sql-orders';
import { sqlPendingOrders } from './sql-pending-orders';
import { sqlRetention } from './sql-retention';
import { sqlStats } from './sql-stats';
import { sqlUpstreamEvents } from './sql-upstream-events';

/** A ledger on a migrated database (schema-version.ts migrate first). */
export function createSqlLedger(db: SqlDriver): Ledger {
  return {
    intents: sqlIntents(db),
    pendingOrders: sqlPendingOrders(db),
    orders: sqlOrders(db),
    deliveries: sqlWebhookQueue(db),
    upstreamEvents: sqlUpstreamEvents(db),
    stats: sqlStats(db),
    gauges: sqlGauges(db),
    retention: sqlRetention(db),
    ...(db.health ? { health: () => db.health!() } : {}),
    close: () => db.close(),
  };
}
