// The service's status table and the merchant event each status gives.
import { describe, expect, it } from 'vitest';
import {
  TEMPORARY_STATUSES,
  TERMINAL_STATUSES,
  canonicalStatus,
  statusKind,
  transactionEventType,
} from './transactionStatus';

describe('transaction statuses', () => {
  it.each([
    ['PENDING_CREATED', 'temporary', 'transaction.updated'],
    ['PENDING', 'temporary', 'transaction.updated'],
    ['SETTLING', 'temporary', 'transaction.updated'],
    ['TWO_FA_REQUIRED', 'temporary', 'transaction.updated'],
    ['TWO_FA_PROVIDED', 'temporary', 'transaction.updated'],
    // The partner may retry: not a failure.
    ['ERROR', 'temporary', 'transaction.updated'],
    // An on-ramp whose swap still runs: the shopper does not have the crypto yet.
    ['ONRAMP_SETTLED', 'temporary', 'transaction.updated'],
    ['SWAPPING', 'temporary', 'transaction.updated'],
    ['SETTLED', 'terminal', 'transaction.completed'],
    ['FAILED', 'terminal', 'transaction.failed'],
    ['DECLINED', 'terminal', 'transaction.failed'],
    ['CANCELLED', 'terminal', 'transaction.failed'],
    ['VOIDED', 'terminal', 'transaction.failed'],
    ['REFUNDED', 'terminal', 'transaction.refunded'],
    ['PARTIALLY_REFUNDED', 'terminal', 'transaction.refunded'],
    ['ACCEPTED', 'temporary', 'transaction.updated'],
    ['AUTHORIZED', 'temporary', 'transaction.updated'],
    ['PARTIALLY_SETTLED', 'temporary', 'transaction.updated'],
    ['AUTHORIZATION_EXPIRED', 'terminal', 'transaction.failed'],
    ['PROCESSING', 'temporary', 'transaction.updated'],
    ['SOMETHING_NEW', 'temporary', 'transaction.updated'],
    ['__proto__', 'temporary', 'transaction.updated'],
  ])('%s is %s and gives %s', (status, kind, event) => {
    expect(statusKind(status)).toBe(kind);
    expect(transactionEventType(status)).toBe(event);
  });

  it('reads legacy statuses as their current ones and leaves the rest alone', () => {
    expect(['ACCEPTED', 'AUTHORIZED', 'PARTIALLY_SETTLED'].map(canonicalStatus)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
    ]);
    expect(canonicalStatus('AUTHORIZATION_EXPIRED')).toBe('FAILED');
    expect(canonicalStatus('toString')).toBe('toString');
  });

  it('lists each status once, in one kind', () => {
    const all = [...TEMPORARY_STATUSES, ...TERMINAL_STATUSES];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(15);
  });

  it('completes on SETTLED only', () => {
    const completing = [...TEMPORARY_STATUSES, ...TERMINAL_STATUSES].filter(
      (s) => transactionEventType(s) === 'transaction.completed',
    );
    expect(completing).toEqual(['SETTLED']);
  });
});
