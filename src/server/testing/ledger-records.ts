// Test support: ledger records as the stores' tests write them (embedded and PostgreSQL alike).
import type { SqlDriver } from '../storage/ledger/driver';
import { MIGRATIONS, MIGRATIONS_TABLE } from '../storage/ledger/migrations';
import type { OrderRecord, UpstreamEventRecord, WebhookEvent } from '../storage/ledger/types';

export const order = (sessionId: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  sessionId,
  externalSessionId: null,
  intentId: null,
  reference: `order-${sessionId}`,
  customerId: null,
  partner: 'BANXA',
  direction: 'buy',
  country: 'US',
  sourceCurrency: 'USD',
  sourceAmount: '100',
  destinationCurrency: 'ETH',
  destinationAmount: null,
  walletAddress: '0xabc',
  transactionId: null,
  status: 'SESSION_CREATED',
  txHash: null,
  terminal: false,
  createdAt: 1000,
  updatedAt: 1000,
  nextCheckAt: 1000,
  checkAttempts: 0,
  ...over,
});

export const event = (id: string, sessionId: string, status = 'SESSION_CREATED'): WebhookEvent => ({
  id,
  type: status === 'SESSION_CREATED' ? 'checkout.session_created' : 'transaction.updated',
  createdAt: new Date(0).toISOString(),
  livemode: true,
  data: {
    intentId: null,
    reference: null,
    sessionId,
    transactionId: null,
    status,
    direction: 'buy',
    partner: 'BANXA',
    sourceAmount: '100',
    sourceCurrency: 'USD',
    destinationAmount: null,
    destinationCurrency: 'ETH',
    walletAddress: null,
    txHash: null,
  },
});

/** A transaction event of the service's, as the receiver records it on arrival at `at`. */
export const upstreamEvent = (
  eventId: string,
  at: number,
  over: Partial<UpstreamEventRecord> = {},
): UpstreamEventRecord => ({
  eventId,
  eventType: 'TRANSACTION_CRYPTO_PENDING',
  sessionId: null,
  externalSessionId: null,
  transactionId: 'tx1',
  status: 'PENDING',
  body: '{}',
  receivedAt: at,
  state: 'pending',
  attempts: 0,
  nextAttemptAt: at,
  claimedUntil: null,
  doneAt: null,
  note: null,
  ...over,
});

/**
 * A database as a release that knew the migrations up to `version` left it: those migrations
 * applied and recorded, and one open order `sessionId` written with that release's columns.
 */
export async function ledgerAtVersion(
  db: SqlDriver,
  version: number,
  sessionId: string,
  at: number,
): Promise<void> {
  await db.query(MIGRATIONS_TABLE);
  for (const m of MIGRATIONS.filter((x) => x.version <= version)) {
    for (const s of m.statements) await db.query(s);
    await db.query('INSERT INTO ramp_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
      m.version,
      m.name,
      at,
    ]);
  }
  await db.query(
    `INSERT INTO ramp_orders (session_id, reference, partner, direction, country, source_currency,
       source_amount, destination_currency, status, terminal, created_at, updated_at, next_check_at,
       check_attempts)
     VALUES ($1, 'order-old', 'BANXA', 'buy', 'US', 'USD', '100', 'ETH', 'SESSION_CREATED', 0, $2, $2, $2, 0)`,
    [sessionId, at],
  );
}
