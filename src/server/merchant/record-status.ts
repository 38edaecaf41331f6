// The one way a status reaches an order: the status sync (a poll) and the service's webhooks (after
// reading the transaction) both record through here, so the merchant's events are decided by one
// table (domain/transactionStatus.ts) and written once, in order, with the change; and so is the
// expiry of a checkout that saw no transaction.
import type { Transaction } from '../../api/types';
import { isTerminalStatus, transactionEventType, transactionOutcome } from '../../domain';
import type { Logger } from '../http/log';
import { EXPIRED } from '../storage/ledger/types';
import type { OrderLedger } from '../storage/ledger/ledger';
import type { OrderRecord, StatusSource } from '../storage/ledger/types';
import { webhookEvent } from './orders';
import type { EventMode } from './orders';

export interface StatusRecorderOptions {
  orders: Pick<OrderLedger, 'applyUpdate'>;
  log: Logger;
  now: () => number;
  /** Queue merchant webhooks, live or not (null: no webhook URL is configured). */
  webhooks: EventMode | null;
  /** Told when a change linked a transaction to its order (early upstream events may wait for it). */
  onLinked?: (transactionId: string) => void;
  /** Told when a change ended an order (the /metrics count of outcomes per partner). */
  onEnded?: (partner: string, outcome: 'completed' | 'failed' | 'refunded' | 'abandoned') => void;
}

/**
 * Records `tx` on `order` as read now: true when the order changed (one history row with its
 * source, and its merchant event); false when nothing changed, or the order moved on since it was
 * read (compare and set: a reader that saw an older state never writes over a newer one).
 */
export type RecordStatus = (order: OrderRecord, tx: Transaction, source: StatusSource) => Promise<boolean>;

export function createStatusRecorder(o: StatusRecorderOptions): RecordStatus {
  return async (order, tx, source) => {
    const at = o.now();
    const next: OrderRecord = {
      ...order,
      status: tx.status,
      transactionId: tx.id,
      terminal: isTerminalStatus(tx.status),
      destinationAmount:
        tx.destinationAmount === undefined ? order.destinationAmount : String(tx.destinationAmount),
      txHash: tx.cryptoDetails?.blockchainTransactionId ?? order.txHash,
      updatedAt: at,
    };
    const changed = await o.orders.applyUpdate(
      order.sessionId,
      {
        from: order.status,
        status: next.status,
        terminal: next.terminal,
        transactionId: next.transactionId,
        destinationAmount: next.destinationAmount,
        txHash: next.txHash,
        at,
        source,
      },
      o.webhooks ? [webhookEvent(transactionEventType(next.status), next, at, o.webhooks)] : [],
    );
    if (changed) {
      o.log.info('order status', { sessionId: order.sessionId, status: next.status, source });
      if (order.transactionId !== tx.id) o.onLinked?.(tx.id);
      const outcome = transactionOutcome(next.status);
      if (outcome !== 'open' && transactionOutcome(order.status) !== outcome)
        o.onEnded?.(order.partner, outcome);
    }
    return changed;
  };
}

/**
 * Ends `order` as EXPIRED (its checkout saw no transaction in time) with `checkout.expired`: true
 * when it did; false when the order moved on since it was read (a transaction came first).
 */
export type RecordExpiry = (order: OrderRecord) => Promise<boolean>;

export function createExpiryRecorder(o: StatusRecorderOptions): RecordExpiry {
  return async (order) => {
    const at = o.now();
    const next: OrderRecord = { ...order, status: EXPIRED, terminal: true, updatedAt: at };
    const changed = await o.orders.applyUpdate(
      order.sessionId,
      { from: order.status, status: EXPIRED, terminal: true, transactionId: null, at, source: 'expiry' },
      o.webhooks ? [webhookEvent('checkout.expired', next, at, o.webhooks)] : [],
    );
    if (changed) {
      o.log.info('order status', { sessionId: order.sessionId, status: EXPIRED, source: 'expiry' });
      o.onEnded?.(order.partner, 'abandoned');
    }
    return changed;
  };
}
