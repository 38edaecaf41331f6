// What an upstream transaction status means for an order: still moving, completed or failed. The
// status is an open string; an unknown one counts as still moving.

export type TransactionOutcome = 'open' | 'completed' | 'failed';

const COMPLETED = new Set(['ONRAMP_SETTLED', 'SETTLED']);
// Terminal without the purchase happening (refunds and cancellations included).
const FAILED = new Set([
  'REFUNDED',
  'CANCELLED',
  'AUTHORIZATION_EXPIRED',
  'DECLINED',
  'FAILED',
  'VOIDED',
  'ERROR',
]);

export function transactionOutcome(status: string): TransactionOutcome {
  if (COMPLETED.has(status)) return 'completed';
  if (FAILED.has(status)) return 'failed';
  return 'open';
}
