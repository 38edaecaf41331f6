import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/types';
import type { CheckoutEvent, CheckoutState, Facts } from '../checkout';
import { createCheckoutStore } from '../checkout';
import type { RampCheckoutEvent } from './events';
import { signalEvent, signalEvents, transitionEvents } from './transitionEvents';

const T = Date.parse('2026-03-01T12:00:00Z');
const QUOTE = {
  serviceProvider: 'BANXA',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'ETH',
  destinationAmount: 0.03,
  totalFee: 4,
  paymentMethodType: 'CREDIT_DEBIT_CARD',
};

/** A store that records the public events of its transitions. */
function recorder() {
  const events: RampCheckoutEvent[] = [];
  const store = createCheckoutStore(
    {
      idempotencyKey: 'c0ffee00-0000-4000-8000-000000000001',
      requiresSubdivision: false,
      prefill: {
        country: 'GB',
        fiatCurrency: 'USD',
        cryptoCurrency: 'ETH',
        network: 'ETHEREUM',
        paymentMethod: 'CREDIT_DEBIT_CARD',
        amount: '100',
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      },
    },
    { onTransition: (p, n, e, f) => events.push(...transitionEvents(p, n, e, f)) },
  );
  // What the data says meanwhile: the route's limits and one quote (read from the queries in the widget).
  const facts: Facts = {
    limits: { currencyCode: 'USD', min: 10, max: 1000 },
    quotes: [QUOTE],
    quotesAt: T,
  };
  const send = (...es: CheckoutEvent[]) => es.forEach((e) => store.getState().send(e, facts));
  /** What the status screen reports of a transaction read, as the public events it makes. */
  const read = (transaction: Transaction, destinationAmount?: number) =>
    events.push(
      ...signalEvents(
        { type: 'transaction', sessionId: 'ses_1', transaction, partner: 'BANXA', destinationAmount },
        store.getState().state,
      ),
    );
  return { events, send, read, state: (): CheckoutState => store.getState().state };
}

describe('transition events', () => {
  it('follow a checkout from the first step to completion, never with the tracking token', () => {
    const r = recorder();
    for (let i = 0; i < 5; i++) r.send({ type: 'CONTINUE', at: T });
    expect(r.state().step).toBe('quotes');
    r.send({ type: 'SELECT_QUOTE', partner: 'BANXA' });
    r.send({ type: 'SELECT_QUOTE', partner: 'BANXA' });
    r.send({ type: 'CONTINUE', at: T }, { type: 'CONTINUE', at: T });
    r.send({ type: 'SESSION_REQUESTED', at: T });
    r.send({
      type: 'SESSION_CREATED',
      session: { id: 'ses_1', widgetUrl: 'https://p.example/1', trackingToken: 'SECRET' },
    });
    r.send({ type: 'LAUNCHED' });
    r.read({ id: 'txn_1', status: 'PENDING' }, 0.03);
    r.read({ id: 'txn_1', status: 'SETTLED', cryptoDetails: { blockchainTransactionId: '0xfeed' } }, 0.03);

    const types = r.events.map((e) => e.type);
    expect(types.filter((t) => t === 'quoteSelected')).toHaveLength(1);
    expect(r.events).toContainEqual({
      type: 'quoteSelected',
      quote: {
        partner: 'BANXA',
        sourceAmount: '100',
        sourceCurrency: 'USD',
        destinationAmount: '0.03',
        destinationCurrency: 'ETH',
        totalFee: '4',
        paymentMethod: 'CREDIT_DEBIT_CARD',
      },
    });
    expect(r.events).toContainEqual({ type: 'sessionCreated', sessionId: 'ses_1', partner: 'BANXA' });
    expect(r.events).toContainEqual({ type: 'stepChanged', step: 'status', previous: 'launch' });
    expect(r.events.filter((e) => e.type === 'transactionUpdated')).toHaveLength(2);
    // What was bought, for the page's UI: amounts, currencies, partner and the on-chain hash.
    expect(r.events.at(-1)).toEqual({
      type: 'completed',
      sessionId: 'ses_1',
      transactionId: 'txn_1',
      status: 'SETTLED',
      direction: 'buy',
      sourceAmount: '100',
      sourceCurrency: 'USD',
      destinationAmount: '0.03',
      destinationCurrency: 'ETH',
      partner: 'BANXA',
      txHash: '0xfeed',
    });
    expect(JSON.stringify(r.events)).not.toContain('SECRET');
  });

  it('report a terminal failure as failed', () => {
    const r = recorder();
    r.send({ type: 'TRACKING_RESTORED', tracking: { sessionId: 'ses_1', trackingToken: 't' } });
    r.read({ id: 'txn_2', status: 'DECLINED' });
    expect(r.events.at(-1)).toMatchObject({
      type: 'failed',
      sessionId: 'ses_1',
      transactionId: 'txn_2',
      status: 'DECLINED',
      direction: 'buy',
      partner: 'BANXA',
    });
    expect(r.events.at(-1)).not.toHaveProperty('destinationAmount');
  });

  it('map the screens’ signals to public events', () => {
    const r = recorder();
    expect(signalEvent({ type: 'ready' }, r.state())).toEqual({
      type: 'ready',
      direction: 'buy',
      country: 'GB',
    });
    expect(signalEvent({ type: 'quotesUpdated', quotes: [QUOTE] }, r.state())).toMatchObject({
      type: 'quotesUpdated',
      quotes: [{ partner: 'BANXA', destinationAmount: '0.03' }],
    });
  });

  // As in the webhooks: a string keeps the amount exact, and never in exponent form.
  it('give every amount as a decimal string', () => {
    const r = recorder();
    const tiny = { ...QUOTE, sourceAmount: 1e21, destinationAmount: 1e-7, totalFee: 0.1 + 0.2 };
    const event = signalEvent({ type: 'quotesUpdated', quotes: [tiny] }, r.state());
    expect(event).toMatchObject({
      quotes: [{ sourceAmount: '1000000000000000000000', destinationAmount: '0.0000001' }],
    });
    const fee = event.type === 'quotesUpdated' ? event.quotes[0]?.totalFee : undefined;
    expect(fee).toBe('0.30000000000000004');
  });
});
