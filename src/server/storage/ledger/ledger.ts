// The order ledger by aggregate: one small interface per part, each implemented once in the SQL
// that SQLite and PostgreSQL share (sql-*.ts, over driver.ts), and the Ledger that holds them all,
// as a store opens it; merchant/merchant.ts hands each job and route only the parts it uses.
// A write that spans parts (an order recorded with its intent's claim, its pending order and its
// events) is one transaction of the part that makes it. Times are epoch milliseconds.
import type {
  CheckoutMark,
  DeliveryRecord,
  DeliveryState,
  IntentRecord,
  LedgerStats,
  OrderCountRow,
  OrderQuery,
  OrderRecord,
  OrderStatus,
  OrderUpdate,
  PendingOrderRecord,
  PendingSettlement,
  StatsCounts,
  StatsQuery,
  StatsVolumeRow,
  StatusChange,
  StoreHealth,
  UpstreamEventRecord,
  WebhookEvent,
} from './types';

/** Checkout intents (sql-intents.ts): what a merchant fixed for a checkout, redeemed by one session. */
export interface IntentLedger {
  /** Stores a new intent. */
  create(intent: IntentRecord): Promise<void>;
  findBySecretHash(secretHash: string): Promise<IntentRecord | null>;
  get(id: string): Promise<IntentRecord | null>;
  /** Ends the intent's life now (it can no longer start a session); false when there is none. */
  expire(id: string, at: number): Promise<boolean>;
}

/** Session creations before their answer (sql-pending-orders.ts), under their externalSessionId. */
export interface PendingOrderLedger {
  /**
   * Writes a pending order before its session is asked for, and claims its intent (terms.intentId)
   * with `intentClaim`, in one transaction: `begun`; `intent_used` when another session holds the
   * intent (one session per intent) and `exists` when this externalSessionId has a pending order
   * already, both writing nothing.
   */
  begin(pending: PendingOrderRecord): Promise<'begun' | 'intent_used' | 'exists'>;
  get(externalSessionId: string): Promise<PendingOrderRecord | null>;
  /** No session came of it (the service refused): removes it and gives its intent's claim back. */
  release(externalSessionId: string): Promise<void>;
  /** Its session exists but nobody has its answer: kept as `lost`, its intent's claim given back. */
  lose(externalSessionId: string, at: number, note: string): Promise<void>;
  /** Leaves it pending for another look at `nextAttemptAt` (one attempt more). */
  defer(externalSessionId: string, nextAttemptAt: number, note: string): Promise<void>;
  /** Pending orders due at `now`, oldest due first. */
  due(now: number, limit: number): Promise<PendingOrderRecord[]>;
  /** When the next pending order is due, or null. */
  nextDueAt(): Promise<number | null>;
}

/** Orders with their status history and the status sync's schedule (sql-orders.ts). */
export interface OrderLedger {
  /**
   * Records a created session, its first status and its events, in one transaction; with `settles`,
   * the pending order it came from becomes `recorded` in the same transaction, and an order recorded
   * before (a write whose commit went through unseen) is not written again.
   */
  record(
    order: OrderRecord,
    events: WebhookEvent[],
    intentClaim?: string,
    settles?: PendingSettlement,
  ): Promise<void>;
  /**
   * Applies an update when the status (or transaction id) changed: appends history, updates the
   * order and queues the events, in one transaction. Returns false (and writes nothing) when
   * nothing changed, so each change is recorded once even if several instances see it. A terminal
   * order takes no update, except an `EXPIRED` one a transaction: it is followed again until that
   * transaction ends (due for a check at once).
   */
  applyUpdate(sessionId: string, update: OrderUpdate, events: WebhookEvent[]): Promise<boolean>;
  get(sessionId: string): Promise<OrderRecord | null>;
  /** The order whose transaction this is, once a read or an event linked it; else null. */
  byTransaction(transactionId: string): Promise<OrderRecord | null>;
  list(query: OrderQuery): Promise<OrderRecord[]>;
  history(sessionId: string): Promise<StatusChange[]>;
  /** Non-terminal orders due for a check at `now`, oldest due first. */
  dueForCheck(now: number, limit: number): Promise<OrderRecord[]>;
  /** The earliest nextCheckAt of any non-terminal order, or null. */
  nextCheckAt(): Promise<number | null>;
  /** Sets when the sync looks next at non-terminal orders, in one transaction (one flush to disk for a batch of checks). */
  scheduleChecks(
    checks: readonly { sessionId: string; nextCheckAt: number; checkAttempts: number }[],
  ): Promise<void>;
}

/** The durable queue of the merchant's webhooks (sql-deliveries.ts); orders' writes fill it. */
export interface WebhookQueue {
  /** Pending deliveries due at `now`, each the earliest pending of its session (in order per transaction). */
  due(now: number, limit: number): Promise<DeliveryRecord[]>;
  /** The earliest nextAttemptAt of a pending delivery, or null. */
  nextDueAt(): Promise<number | null>;
  recordAttempt(
    id: string,
    attempt: {
      at: number;
      status: number;
      error: string | null;
      /** delivered, or pending again at nextAttemptAt, or dead (gave up). */
      state: DeliveryState;
      nextAttemptAt: number;
    },
  ): Promise<void>;
  /** Queues a delivery again (same id and body) for now. False when there is no such delivery. */
  resend(id: string, now: number): Promise<boolean>;
  list(query: { sessionId?: string; limit?: number }): Promise<DeliveryRecord[]>;
  /** The latest delivery of each of these sessions. */
  lastOf(sessionIds: string[]): Promise<Map<string, DeliveryRecord>>;
}

/** The service's webhooks, recorded on arrival and applied once (sql-upstream-events.ts). */
export interface UpstreamEventLedger {
  /** Records an event; false (nothing written) when its eventId was recorded before. */
  record(event: UpstreamEventRecord): Promise<boolean>;
  /**
   * Takes a pending event for one instance until `until`: false when it is not pending or another
   * instance holds it. The holder then finishes or defers it.
   */
  claim(eventId: string, now: number, until: number): Promise<boolean>;
  /** Pending events due at `now` and not held by anyone, oldest first. */
  due(now: number, limit: number): Promise<UpstreamEventRecord[]>;
  /** When the next pending event is due (or its claim runs out), or null. */
  nextDueAt(): Promise<number | null>;
  /** Ends an event: applied, or ignored (no order of ours); releases the claim. */
  finish(
    eventId: string,
    outcome: { state: 'applied' | 'ignored'; at: number; note: string | null },
  ): Promise<void>;
  /** Keeps an event pending for another attempt at `nextAttemptAt`; releases the claim. */
  defer(eventId: string, nextAttemptAt: number, note: string): Promise<void>;
  /**
   * Makes the pending events of this transaction due now (early ones that named no session, once a
   * read or a later event linked the transaction to an order). Returns how many.
   */
  wake(transactionId: string, now: number): Promise<number>;
  get(eventId: string): Promise<UpstreamEventRecord | null>;
}

/** What /stats and the ranking's completion rates read, and the checkout marks they count (sql-stats.ts). */
export interface StatsLedger {
  /** The terminal orders created at or after `since` (ms), counted per partner, country, method and status. */
  completionCounts(since: number): Promise<OrderCountRow[]>;
  /** Marks a checkout's stage for its day (again the same day: no change). */
  markCheckout(mark: CheckoutMark): Promise<void>;
  /**
   * The period's orders (by creation day) counted, and its stage marks. These reads of /stats scan
   * the period: the embedded store runs them off the event loop (SqlDriver.read).
   */
  counts(q: StatsQuery): Promise<StatsCounts>;
  /** The amounts of the period's orders in `statuses` (the completed ones), per side, currency and day. */
  volume(q: StatsQuery, statuses: readonly OrderStatus[]): Promise<StatsVolumeRow[]>;
  /**
   * Per partner, the median of the period's times from an order's creation to its first SETTLED, in
   * seconds (partners with none are left out).
   */
  medianSecondsToComplete(q: StatsQuery): Promise<Map<string, number>>;
}

/** The metrics' gauges (sql-gauges.ts), read on each scrape. */
export interface LedgerGauges {
  /** What is waiting (open orders, webhook deliveries) and what is kept. */
  read(): Promise<LedgerStats>;
}

/** The retention job's one step (sql-retention.ts). */
export interface LedgerRetention {
  /**
   * One batch of retention: removes up to `limit` terminal orders last changed before `before`
   * (with their history, their intent and their deliveries; never one with a delivery still
   * pending), up to `limit` webhook deliveries delivered before `before`, up to `limit` intents
   * that expired before `before` unused, up to `limit` settled pending orders (recorded or lost)
   * created before `before`, and checkout marks of days before it. Returns how many rows went.
   */
  prune(before: number, limit: number): Promise<number>;
}

/** The whole ledger as a store opens it (sql-ledger.ts): its parts, its health, its end. */
export interface Ledger {
  intents: IntentLedger;
  pendingOrders: PendingOrderLedger;
  orders: OrderLedger;
  deliveries: WebhookQueue;
  upstreamEvents: UpstreamEventLedger;
  stats: StatsLedger;
  gauges: LedgerGauges;
  retention: LedgerRetention;
  /** Whether the store can serve: /healthz and /readyz report it (the embedded store's; PostgreSQL's is reported as `postgres`). */
  health?(): Promise<StoreHealth>;
  close(): Promise<void>;
}
