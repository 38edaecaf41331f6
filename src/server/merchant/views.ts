// The ledger's records as the merchant routes and the SDK answer them: ISO dates, decimal strings.
import type { Order, WebhookDelivery } from '../../api/proxy/orders';
import type { DeliveryRecord, OrderRecord } from '../storage/ledger/types';

export const orderView = (o: OrderRecord): Order => ({
  sessionId: o.sessionId,
  intentId: o.intentId,
  reference: o.reference,
  customerId: o.customerId,
  partner: o.partner,
  direction: o.direction,
  country: o.country,
  sourceAmount: o.sourceAmount,
  sourceCurrency: o.sourceCurrency,
  destinationAmount: o.destinationAmount,
  destinationCurrency: o.destinationCurrency,
  walletAddress: o.walletAddress,
  transactionId: o.transactionId,
  status: o.status,
  terminal: o.terminal,
  txHash: o.txHash,
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export const deliveryView = (d: DeliveryRecord | undefined): WebhookDelivery | null =>
  d === undefined
    ? null
    : {
        id: d.id,
        sessionId: d.sessionId,
        type: d.type,
        state: d.state,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        lastError: d.lastError,
        createdAt: iso(d.createdAt),
        lastAttemptAt: iso(d.lastAttemptAt),
        nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
        deliveredAt: iso(d.deliveredAt),
      };
