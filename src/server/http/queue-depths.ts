// What is waiting in the order ledger and what it keeps, as its stats count them and the metrics
// read them on each scrape: one shape for both (the ledger's LedgerStats is this). A module of types
// only, so the package's declarations reach it without the metrics' own imports.
export interface QueueDepths {
  /** Orders whose transaction has not ended. */
  openOrders: number;
  /** When the oldest of them was created, or null when there is none. */
  oldestOpenCreatedAt: number | null;
  pendingDeliveries: number;
  /** When the oldest pending delivery's event was made, or null when none is pending. */
  oldestPendingDeliveryAt: number | null;
  deadDeliveries: number;
  /** Orders kept, whatever their state. */
  orders: number;
  /** Webhook deliveries kept, whatever their state. */
  deliveries: number;
  /** The ledger's size on disk in bytes (absent in memory). */
  bytes?: number;
}
