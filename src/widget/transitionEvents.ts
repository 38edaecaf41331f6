// The public events, derived in one place: from the checkout's transitions (steps, quote choice,
// session, status) and from what the screens report (ready, quotes, launch, errors). Payloads never
// carry the tracking token.
import type { Quote } from '../api/types';
import type { CheckoutEvent, CheckoutState } from '../checkout';
import { flowCodes, resolveStatusView, TRANSACTION_STATUSES } from '../checkout';
import { decimalFromNumber } from '../domain/decimal';
import type { UiSignal } from '../ui/steps';
import type { OrderSummary, QuoteSummary, RampCheckoutEvent, TransactionFacts } from './events';
import { errorCode } from './events';

/** An amount of the service (a JSON number) as events give it: a decimal string, as the webhooks do. */
const decimal = (n: number): string => decimalFromNumber(n) ?? String(n);

export const quoteSummary = (q: Quote): QuoteSummary => ({
  partner: q.serviceProvider,
  sourceAmount: decimal(q.sourceAmount),
  sourceCurrency: q.sourceCurrencyCode,
  destinationAmount: decimal(q.destinationAmount),
  destinationCurrency: q.destinationCurrencyCode,
  ...(q.totalFee !== undefined ? { totalFee: decimal(q.totalFee) } : {}),
  ...(q.paymentMethodType !== undefined ? { paymentMethod: q.paymentMethodType } : {}),
});

/** Amounts, currencies, partner and hash of the checkout (the reference is added by the root). */
export function orderSummary(state: CheckoutState): OrderSummary {
  const s = state.selection;
  const codes = flowCodes(s);
  const out: OrderSummary = { direction: s.direction };
  if (s.amount) out.sourceAmount = s.amount;
  if (codes) {
    out.sourceCurrency = codes.source;
    out.destinationCurrency = codes.destination;
  }
  if (s.quote) {
    out.destinationAmount = decimal(s.quote.destinationAmount);
    out.partner = s.quote.serviceProvider;
  }
  if (state.tracking?.txHash) out.txHash = state.tracking.txHash;
  return out;
}

export function transitionEvents(
  prev: CheckoutState,
  next: CheckoutState,
  event: CheckoutEvent,
): RampCheckoutEvent[] {
  const out: RampCheckoutEvent[] = [];
  if (prev.step !== next.step) out.push({ type: 'stepChanged', step: next.step, previous: prev.step });
  const quote = next.selection.quote;
  if (event.type === 'SELECT_QUOTE' && quote && quote !== prev.selection.quote)
    out.push({ type: 'quoteSelected', quote: quoteSummary(quote) });
  const session = next.launch.session;
  if (event.type === 'SESSION_CREATED' && session && next.launch.phase === 'created')
    out.push({ type: 'sessionCreated', sessionId: session.id, partner: quote?.serviceProvider ?? '' });
  const t = next.tracking;
  if (t?.status && (t.status !== prev.tracking?.status || t.transactionId !== prev.tracking?.transactionId)) {
    const known = (TRANSACTION_STATUSES as readonly string[]).includes(t.status);
    const ids: TransactionFacts = {
      sessionId: t.sessionId,
      transactionId: t.transactionId,
      ...(known
        ? { status: t.status as TransactionFacts['status'] }
        : { status: 'UNKNOWN', serviceStatus: t.status }),
    };
    out.push({ type: 'transactionUpdated', ...ids });
    if (t.terminal && !prev.tracking?.terminal)
      out.push({
        type: resolveStatusView(t.status).tone === 'success' ? 'completed' : 'failed',
        ...ids,
        ...orderSummary(next),
      });
  }
  return out;
}

export function signalEvent(signal: UiSignal, state: CheckoutState): RampCheckoutEvent {
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
