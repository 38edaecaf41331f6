// Sample webhook events, one per type, for `ramp-checkout webhooks trigger` (a merchant's local test of
// its handler, like `stripe trigger`). Shaped exactly as the sender's events; marked by their ids and,
// as test events, not live (`livemode: false`).
import { systemClock } from '../../http/clock';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_TYPES } from '../../../api/proxy/webhooks';
import type { WebhookData, WebhookDataByType, WebhookEvent, WebhookType } from '../../../api/proxy/webhooks';

const base: WebhookData = {
  intentId: 'int_sample',
  reference: 'order_sample',
  sessionId: 'ses_sample',
  transactionId: null,
  status: 'SESSION_CREATED',
  direction: 'buy',
  partner: 'TRANSAK',
  sourceAmount: '100.00',
  sourceCurrency: 'USD',
  destinationAmount: null,
  destinationCurrency: 'ETH',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  txHash: null,
};

/** Each type's sample data: a type added to WebhookDataByType needs its line here (the type says so). */
const SAMPLES: { [K in WebhookType]: WebhookDataByType[K] } = {
  'checkout.session_created': base,
  'transaction.updated': { ...base, transactionId: 'txn_sample', status: 'PENDING' },
  'transaction.completed': {
    ...base,
    transactionId: 'txn_sample',
    status: 'SETTLED',
    destinationAmount: '0.0312',
    txHash: `0x${'ab'.repeat(32)}`,
  },
  'transaction.failed': { ...base, transactionId: 'txn_sample', status: 'FAILED' },
  'transaction.refunded': { ...base, transactionId: 'txn_sample', status: 'REFUNDED' },
  'checkout.expired': { ...base, status: 'EXPIRED' },
};

export { WEBHOOK_TYPES };

export const isWebhookType = (s: string): s is WebhookType => Object.hasOwn(SAMPLES, s);

/** `type`'s sample, as the sender shapes its events (samples.test.ts holds each to the schema). */
export function sampleWebhookEvent<T extends WebhookType>(type: T, now = systemClock()): WebhookEvent<T> {
  return {
    id: `evt_test_${randomBytes(12).toString('base64url')}`,
    type,
    createdAt: new Date(now).toISOString(),
    livemode: false,
    data: { ...SAMPLES[type] },
  } as WebhookEvent<T>;
}
