// Status codes in a merchant's words. The tone (colour) comes from the checkout's status table, so
// the console and the shopper's status screen agree on what counts as done or failed.
import { resolveStatusView, type StatusTone } from '../checkout/status';
import type { TransactionStatus } from '../api/types';

const WORDS: Record<TransactionStatus, string> = {
  PENDING_CREATED: 'Created, awaiting payment',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  AUTHORIZED: 'Authorized',
  ACCEPTED: 'Accepted',
  PARTIALLY_SETTLED: 'Partially settled',
  AUTHORIZATION_EXPIRED: 'Authorization expired',
  SETTLING: 'Settling',
  ONRAMP_SETTLED: 'Paid, swap in progress',
  SWAPPING: 'Swap in progress',
  SETTLED: 'Completed',
  REFUNDED: 'Refunded',
  PARTIALLY_REFUNDED: 'Partially refunded',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  ERROR: 'Error at the partner, retrying',
  VOIDED: 'Voided',
  TWO_FA_REQUIRED: 'Waiting for the customer to verify',
  TWO_FA_PROVIDED: 'Verification received',
};

/** SOME_CODE → "Some code": any upstream code still reads as words. */
export const humanize = (code: string): string => {
  const words = code.toLowerCase().replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function transactionStatusText(status: string): string {
  return Object.hasOwn(WORDS, status) ? WORDS[status as TransactionStatus] : humanize(status);
}

export const transactionStatusTone = (status: string): StatusTone => resolveStatusView(status).tone;
