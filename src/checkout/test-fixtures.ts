// Shared test data for the checkout tests: a buy of ETH with USD by card, driven step by step.
import type { Quote } from '../api/types';
import type { CheckoutEvent } from './events';
import type { CheckoutInit } from './initial';
import { initialState } from './initial';
import { next } from './machine';
import type { CheckoutState, Facts } from './state';

export const T0 = 1_700_000_000_000;
export const SEED = '7d9e6c1e-9a43-4d55-8f0b-3d3b7bb1d2c1';
export const USD_LIMITS = { currencyCode: 'USD', min: 10, max: 5000 } as const;
/** EIP-55 test vector. */
export const ETH_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const SOL_WALLET = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

export function quote(over: Partial<Quote> = {}): Quote {
  return {
    serviceProvider: 'PAYBIS',
    sourceCurrencyCode: 'USD',
    sourceAmount: 105,
    destinationCurrencyCode: 'ETH',
    destinationAmount: 0.03,
    totalFee: 5,
    ...over,
  };
}

/** What the data says of the buy below: New York needs a state, the card's limits, one quote at T0. */
export const FACTS: Facts = {
  requiresSubdivision: true,
  limits: USD_LIMITS,
  fiatDecimals: 2,
  cryptoDecimals: 18,
  quotes: [quote()],
  quotesAt: T0,
};

/** The events in order, each with `facts` (what the data says meanwhile). */
export const runWith = (facts: Facts, state: CheckoutState, ...events: CheckoutEvent[]): CheckoutState =>
  events.reduce((s, e) => next(s, e, facts), state);

/** The events in order, with the buy's facts. */
export const run = (state: CheckoutState, ...events: CheckoutEvent[]): CheckoutState =>
  runWith(FACTS, state, ...events);

export const start = (over: Partial<CheckoutInit> = {}): CheckoutState =>
  initialState({ idempotencyKey: SEED, ...over });

/** The events of a complete buy, one group per step, in order. */
export const BUY_STEPS: Record<
  'direction' | 'country' | 'currencies' | 'paymentMethod' | 'amount' | 'quotes' | 'wallet',
  CheckoutEvent[]
> = {
  direction: [{ type: 'SET_DIRECTION', direction: 'buy' }],
  country: [
    { type: 'SET_COUNTRY', country: 'US' },
    { type: 'SET_SUBDIVISION', subdivision: 'US-NY' },
  ],
  currencies: [
    { type: 'SET_FIAT', fiatCurrency: 'USD' },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' } },
  ],
  paymentMethod: [{ type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' }],
  amount: [{ type: 'SET_AMOUNT', text: '100' }],
  quotes: [{ type: 'SELECT_QUOTE', partner: 'PAYBIS' }],
  wallet: [{ type: 'SET_WALLET', address: ETH_WALLET }],
};

/** The events of a buy from the start up to `until` (that step current, its events not yet sent). */
export function buyEvents(until: keyof typeof BUY_STEPS | 'launch', at = T0): CheckoutEvent[] {
  const events: CheckoutEvent[] = [];
  for (const [step, group] of Object.entries(BUY_STEPS)) {
    if (step === until) break;
    events.push(...group, { type: 'CONTINUE', at });
  }
  return events;
}

/** A buy driven to `until`. */
export const buyAt = (
  until: keyof typeof BUY_STEPS | 'launch',
  from: CheckoutState = start(),
  at = T0,
): CheckoutState => run(from, ...buyEvents(until, at));
