// The public events, derived in one place: from the checkout's transitions (steps, quote choice,
// session) with the facts they were made with, and from what the screens report of the data (ready,
// quotes, launch, the transaction, errors). Payloads never carry the tracking token.
import type { Quote } from '../api/types';
import type { CheckoutEvent, CheckoutState, Facts } from '../checkout';
import {
  decimalOf,
  flowCodes,
  offerFigures,
  resolveStatusView,
  selectedQuote,
  TRANSACTION_STATUSES,
} from '../checkout';
import type { UiSignal } from '../ui/steps';
import type { OrderSummary, QuoteSummary, RampCheckoutEvent, TransactionFacts } from './events';
import { errorCode } from './events';

export const quoteSummary = (q: Quote): QuoteSummary => ({
  ...offerFigures(q),
  ...(q.paymentMethodType !== undefined ? { paymentMethod: q.paymentMethodType } : {}),
});

/** What the data says of the order: the chosen offer's figures and the transaction's hash. */
export interface OrderData {
  partner?: string;
  destinationAmount?: number;
  txHash?: string;
}

/** Amounts, currencies, partner and hash of the checkout (the reference is added by the root). */
export function orderSummary(state: CheckoutState, data: OrderData = {}): OrderSummary {
  const s = state.selection;
  const codes = flowCodes(s);
  const out: OrderSummary = { direction: s.direction };
  if (s.amount) out.sourceAmount = s.amount;
  if (codes) {
    out.sourceCurrency = codes.source;
    out.destinationCurrency = codes.destination;
  }
  if (data.destinationAmount !== undefined) out.destinationAmount = decimalOf(data.destinationAmount);
  if (data.partner) out.partner = data.partner;
  if (data.txHash) out.txHash = data.txHash;
  return out;
}

export function transitionEvents(
  prev: CheckoutState,
  next: CheckoutState,
  event: CheckoutEvent,
  facts: Facts,
): RampCheckoutEvent[] {
  const out: RampCheckoutEvent[] = [];
  if (prev.step !== next.step) out.push({ type: 'stepChanged', step: next.step, previous: prev.step });
  const quote = selectedQuote(next, facts);
  if (event.type === 'SELECT_QUOTE' && quote) out.push({ type: 'quoteSelected', quote: quoteSummary(quote) });
  const session = next.launch.session;
  if (event.type === 'SESSION_CREATED' && session && next.launch.phase === 'created')
    out.push({ type: 'sessionCreated', sessionId: session.id, partner: quote?.serviceProvider ?? '' });
  if (event.type === 'ORDER_OPENED' && next.tracking)
    out.push({ type: 'recentOrderOpened', sessionId: next.tracking.sessionId });
  return out;
}

/** A read of the launched checkout's transaction: its update, and its end once it is final. */
function transactionEvents(
  signal: Extract<UiSignal, { type: 'transaction' }>,
  state: CheckoutState,
): RampCheckoutEvent[] {
  const tx = signal.transaction;
  const known = (TRANSACTION_STATUSES as readonly string[]).includes(tx.status);
  const ids: TransactionFacts = {
    sessionId: signal.sessionId,
    transactionId: tx.id,
    ...(known
      ? { status: tx.status as TransactionFacts['status'] }
      : { status: 'UNKNOWN', serviceStatus: tx.status }),
  };
  const view = resolveStatusView(tx.status);
  if (!view.terminal) return [{ type: 'transactionUpdated', ...ids }];
  const order = orderSummary(state, {
    partner: signal.partner,
    destinationAmount: signal.destinationAmount,
    txHash: tx.cryptoDetails?.blockchainTransactionId,
  });
  return [
    { type: 'transactionUpdated', ...ids },
    { type: view.tone === 'success' ? 'completed' : 'failed', ...ids, ...order },
  ];
}

export function signalEvents(signal: UiSignal, state: CheckoutState): RampCheckoutEvent[] {
  return signal.type === 'transaction' ? transactionEvents(signal, state) : [signalEvent(signal, state)];
}

export function signalEvent(
  signal: Exclude<UiSignal, { type: 'transaction' }>,
  state: CheckoutState,
): RampCheckoutEvent {
  switch (signal.type) {
    case 'ready':
      return { type: 'ready', direction: state.selection.direction, country: state.selection.country };
    case 'quotesUpdated':
      return { type: 'quotesUpdated', quotes: signal.quotes.map(quoteSummary) };
    case 'providerLaunched':
      return signal;
    case 'error': {
      const code = errorCode(signal.code);
      return {
        type: 'error',
        code,
        message: signal.message,
        ...(code === signal.code ? {} : { serviceCode: signal.code }),
      };
    }
  }
}
