// The service's transaction statuses, as the service documents them, and what each means for an
// order: still moving, or ended (and how). One table for the server (which tells the merchant) and
// the widget (which tells the shopper), so both say the same thing. Kept as data with its source.

/** Where the table comes from (the service's public documentation; see docs/MERCHANT.md, "Webhooks and statuses"). */
export const STATUS_SOURCE =
  'docs.meld.io "Transaction Statuses", "Webhook Events" and the webhooks OpenAPI (2026-02-03), read 2026-11';

/**
 * Temporary statuses: the transaction may still change. ERROR is one (the partner may retry), and so
 * are ONRAMP_SETTLED and SWAPPING: an on-ramp with a swap whose swap leg still runs, so the shopper
 * does not have the crypto yet. A status not in this table is treated as temporary too.
 */
export const TEMPORARY_STATUSES = [
  'PENDING_CREATED',
  'PENDING',
  'SETTLING',
  'TWO_FA_REQUIRED',
  'TWO_FA_PROVIDED',
  'ERROR',
  'ONRAMP_SETTLED',
  'SWAPPING',
] as const;

/** Terminal statuses: the transaction never changes again. */
export const TERMINAL_STATUSES = [
  'SETTLED',
  'FAILED',
  'DECLINED',
  'CANCELLED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'VOIDED',
] as const;

/** Statuses of older versions of the service, and the status each is read as. */
export const LEGACY_STATUSES: Readonly<Record<string, string>> = {
  ACCEPTED: 'PENDING',
  AUTHORIZED: 'PENDING',
  PARTIALLY_SETTLED: 'PENDING',
  AUTHORIZATION_EXPIRED: 'FAILED',
};

export type StatusKind = 'temporary' | 'terminal';

/** How an order ends: open while temporary; completed only on SETTLED. */
export type TransactionOutcome = 'open' | 'completed' | 'failed' | 'refunded';

/** The merchant webhook a status gives (docs/CONTRACTS.md §5). */
export type TransactionEventType =
  'transaction.updated' | 'transaction.completed' | 'transaction.failed' | 'transaction.refunded';

const TERMINAL: ReadonlySet<string> = new Set(TERMINAL_STATUSES);
const FAILED: ReadonlySet<string> = new Set(['FAILED', 'DECLINED', 'CANCELLED', 'VOIDED']);
const REFUNDED: ReadonlySet<string> = new Set(['REFUNDED', 'PARTIALLY_REFUNDED']);

/** The status as the current table reads it (legacy ones mapped; anything else unchanged). */
export const canonicalStatus = (status: string): string =>
  Object.hasOwn(LEGACY_STATUSES, status) ? LEGACY_STATUSES[status]! : status;

export const statusKind = (status: string): StatusKind =>
  TERMINAL.has(canonicalStatus(status)) ? 'terminal' : 'temporary';

export const isTerminalStatus = (status: string): boolean => statusKind(status) === 'terminal';

export function transactionOutcome(status: string): TransactionOutcome {
  const s = canonicalStatus(status);
  if (s === 'SETTLED') return 'completed';
  if (FAILED.has(s)) return 'failed';
  if (REFUNDED.has(s)) return 'refunded';
  return 'open';
}

const EVENT_OF: Record<TransactionOutcome, TransactionEventType> = {
  open: 'transaction.updated',
  completed: 'transaction.completed',
  failed: 'transaction.failed',
  refunded: 'transaction.refunded',
};

/** The merchant event of a transaction now in `status`: merchants fulfil on completed only. */
export const transactionEventType = (status: string): TransactionEventType =>
  EVENT_OF[transactionOutcome(status)];
