// Test support: ledger records as the stores' tests write them (embedded and PostgreSQL alike).
import type { OrderRecord, UpstreamEventRecord, WebhookEvent } from '../storage/ledger/types';

export const order = (sessionId: string, over: Partial<OrderRecord> = {}): OrderRecord => ({
  sessionId,
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
