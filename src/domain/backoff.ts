// The one exponential backoff of every retry and re-check (the upstream client's retries, webhook
// deliveries both ways, pending orders and their writes, the status sync, Redis reconnection, the
// widget's retries and polls, the sandbox's own webhooks). Jitter, where wanted, is the caller's: how
// to spread clients out differs (full jitter, half, or ±20 %).

export interface Backoff {
  /** The wait before the first retry. */
  firstMs: number;
  /** No wait is longer. */
  maxMs: number;
  /** Each retry waits this many times longer than the one before. @default 2 */
  factor?: number;
}

/** The wait before retry `n` (0: the first; a negative n counts as 0): firstMs × factor^n, at most maxMs. */
export function backoff(n: number, b: Backoff): number {
  return Math.min(b.maxMs, b.firstMs * (b.factor ?? 2) ** Math.max(0, n));
}
