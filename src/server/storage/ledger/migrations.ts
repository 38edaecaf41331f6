// The ledger's schema, versioned. Run at start (in order, each in one transaction, recorded in
// ramp_schema_migrations). Written in the SQL that SQLite and PostgreSQL share: TEXT, INTEGER and
// BIGINT columns, no autoincrement, no engine-specific functions, so one list serves both stores.
// Never edit a released migration: add the next version.

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'intents, orders, status history, webhook deliveries',
    statements: [
      `CREATE TABLE ramp_intents (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL UNIQUE,
        reference TEXT NOT NULL,
        customer_id TEXT,
        direction TEXT,
        country TEXT,
        fiat_currency TEXT,
        crypto_currency TEXT,
        network TEXT,
        amount TEXT,
        wallet_address TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        session_id TEXT
      )`,
      `CREATE TABLE ramp_orders (
        session_id TEXT PRIMARY KEY,
        intent_id TEXT,
        reference TEXT,
        customer_id TEXT,
        partner TEXT NOT NULL,
        direction TEXT NOT NULL,
        country TEXT NOT NULL,
        source_currency TEXT NOT NULL,
        source_amount TEXT NOT NULL,
        destination_currency TEXT NOT NULL,
        destination_amount TEXT,
        wallet_address TEXT,
        transaction_id TEXT,
        status TEXT NOT NULL,
        tx_hash TEXT,
        terminal INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        next_check_at BIGINT,
        check_attempts INTEGER NOT NULL
      )`,
      `CREATE INDEX ramp_orders_reference ON ramp_orders (reference)`,
      `CREATE INDEX ramp_orders_next_check ON ramp_orders (terminal, next_check_at)`,
      `CREATE INDEX ramp_orders_created ON ramp_orders (created_at)`,
      `CREATE TABLE ramp_order_status (
        session_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        status TEXT NOT NULL,
        transaction_id TEXT,
        at BIGINT NOT NULL,
        PRIMARY KEY (session_id, seq)
      )`,
      `CREATE TABLE ramp_webhook_deliveries (
        id TEXT PRIMARY KEY,
        session_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        next_attempt_at BIGINT NOT NULL,
        last_attempt_at BIGINT,
        last_status INTEGER,
        last_error TEXT,
        delivered_at BIGINT,
        UNIQUE (session_id, seq)
      )`,
      `CREATE INDEX ramp_deliveries_due ON ramp_webhook_deliveries (state, next_attempt_at)`,
    ],
  },
  {
    version: 2,
    name: 'indexes for retention',
    statements: [
      `CREATE INDEX ramp_orders_terminal_updated ON ramp_orders (terminal, updated_at)`,
      `CREATE INDEX ramp_deliveries_delivered ON ramp_webhook_deliveries (state, delivered_at)`,
      `CREATE INDEX ramp_intents_expires ON ramp_intents (expires_at)`,
    ],
  },
  {
    version: 3,
    name: 'upstream webhook events; where each status change came from',
    statements: [
      `CREATE TABLE ramp_upstream_events (
        event_id TEXT PRIMARY KEY,
        event_type TEXT NOT NULL,
        session_id TEXT,
        external_session_id TEXT,
        transaction_id TEXT,
        status TEXT,
        body TEXT NOT NULL,
        received_at BIGINT NOT NULL,
        state TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at BIGINT NOT NULL,
        claimed_until BIGINT,
        done_at BIGINT,
        note TEXT
      )`,
      `CREATE INDEX ramp_upstream_events_due ON ramp_upstream_events (state, next_attempt_at)`,
      `CREATE INDEX ramp_upstream_events_transaction ON ramp_upstream_events (transaction_id)`,
      `CREATE INDEX ramp_orders_transaction ON ramp_orders (transaction_id)`,
      `ALTER TABLE ramp_order_status ADD COLUMN source TEXT`,
    ],
  },
  {
    version: 4,
    name: "each order's externalSessionId (the status sync finds a transaction by it)",
    // Rows written before stay NULL: the sync finds those by session id only.
    statements: [`ALTER TABLE ramp_orders ADD COLUMN external_session_id TEXT`],
  },
  {
    version: 5,
    name: 'pending orders: each session creation written before the service is asked',
    statements: [
      `CREATE TABLE ramp_pending_orders (
        external_session_id TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        intent_id TEXT,
        intent_claim TEXT,
        terms TEXT NOT NULL,
        request TEXT,
        state TEXT NOT NULL,
        session_id TEXT,
        answer TEXT,
        created_at BIGINT NOT NULL,
        next_attempt_at BIGINT NOT NULL,
        attempts INTEGER NOT NULL,
        note TEXT
      )`,
      `CREATE INDEX ramp_pending_orders_due ON ramp_pending_orders (state, next_attempt_at)`,
      `CREATE INDEX ramp_pending_orders_created ON ramp_pending_orders (state, created_at)`,
    ],
  },
  {
    version: 6,
    name: "an intent's subdivision (US state)",
    statements: [`ALTER TABLE ramp_intents ADD COLUMN subdivision TEXT`],
  },
  {
    version: 7,
    name: "the checkout funnel's marks (opened, quoted) and each order's payment method, for /stats",
    // One row per (UTC day, stage, subject): a subject marked twice in a day counts once, on every
    // instance alike. Orders recorded before stay without a payment method (NULL).
    statements: [
      `CREATE TABLE ramp_checkout_marks (
        day TEXT NOT NULL,
        stage TEXT NOT NULL,
        subject TEXT NOT NULL,
        country TEXT,
        PRIMARY KEY (day, stage, subject)
      )`,
      `ALTER TABLE ramp_orders ADD COLUMN payment_method TEXT`,
    ],
  },
  {
    version: 8,
    name: "orders by the merchant's customer id (the orders listing's customerId filter)",
    statements: [`CREATE INDEX ramp_orders_customer ON ramp_orders (customer_id, created_at)`],
  },
];

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS ramp_schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;
