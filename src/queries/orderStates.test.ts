import { describe, expect, it } from 'vitest';
import type { RecentOrder } from '../checkout';
import type { SessionLookupResponse, TrackedOrder } from '../api/proxy/session-lookup';
import { readOrderStates } from './orderStates';

const asked = ['s1', 's2', 's3'].map((sessionId) => ({ sessionId }) as RecentOrder);
const tracked = (sessionId: string, o: Partial<TrackedOrder> = {}): TrackedOrder => ({
  sessionId,
  status: 'SESSION_CREATED',
  terminal: false,
  partner: 'BANXA',
  direction: 'buy',
  sourceAmount: '100',
  sourceCurrency: 'USD',
  destinationAmount: null,
  destinationCurrency: 'BTC',
  walletAddress: null,
  paymentMethod: null,
  transactionId: null,
  txHash: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
  ...o,
});

describe("the lookup's answer", () => {
  it('gives each asked order its state, in the order asked; null for one the server cannot read', () => {
    const answer: SessionLookupResponse = {
      orders: [
        tracked('s1', {
          status: 'SETTLED',
          terminal: true,
          transactionId: 'tx1',
          txHash: '0xab',
          destinationAmount: '0.0015',
        }),
        null,
        tracked('s3'),
      ],
    };
    expect([...readOrderStates(answer, asked)]).toEqual([
      [
        's1',
        {
          status: 'SETTLED',
          terminal: true,
          transactionId: 'tx1',
          txHash: '0xab',
          destinationAmount: '0.0015',
        },
      ],
      ['s2', null],
      [
        's3',
        {
          status: 'SESSION_CREATED',
          terminal: false,
          transactionId: null,
          txHash: null,
          destinationAmount: null,
        },
      ],
    ]);
  });

  it('takes nothing from an answer about other orders or of another shape', () => {
    expect(readOrderStates({ orders: [tracked('other')] }, asked).size).toBe(0);
    expect(readOrderStates({ sessions: [tracked('s1')] }, asked).size).toBe(0);
    expect(readOrderStates(null, asked).size).toBe(0);
  });
});
