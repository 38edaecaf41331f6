// Screens are not steps: the order screen's Continue walks its steps at once, a prefilled wallet is
// passed without `lock`, Back goes by screens, and the offer selection follows the ranking.
import { describe, expect, it } from 'vitest';
import { BUY_STEPS, ETH_WALLET, FACTS, SOL_WALLET, T0, quote, runWith, start } from './test-fixtures';
import { next as machineNext } from './machine';
import {
  LAST_INPUT_STEP,
  canGoBackScreen,
  currentScreen,
  screenProgress,
  unmetOnScreen,
  visibleScreens,
} from './selectors';
import { selectedQuote } from './guards';
import type { CheckoutEvent } from './events';
import type { CheckoutState, Facts } from './state';

const order = [
  ...BUY_STEPS.direction,
  ...BUY_STEPS.country,
  ...BUY_STEPS.currencies,
  ...BUY_STEPS.paymentMethod,
  ...BUY_STEPS.amount,
];
const banxa = quote({ serviceProvider: 'BANXA', sourceAmount: 100, destinationAmount: 0.028 });
const topper = quote({ serviceProvider: 'TOPPER', sourceAmount: 100, destinationAmount: 0.031 });
const scored = quote({ serviceProvider: 'PAYBIS', sourceAmount: 100, destinationAmount: 0.03, rampScore: 9 });
const offers = [banxa, topper, scored];
/** What the data says: the buy's facts with three offers at T0. */
const OFFERS: Facts = { ...FACTS, quotes: offers };

const next = (s: CheckoutState, e: CheckoutEvent, facts: Facts = OFFERS) => machineNext(s, e, facts);
const run = (s: CheckoutState, ...events: CheckoutEvent[]) => runWith(OFFERS, s, ...events);
const filled = (s: CheckoutState = start()) => run(s, ...order);
const partner = (s: CheckoutState, facts: Facts = OFFERS) => selectedQuote(s, facts)?.serviceProvider;

describe('screens', () => {
  it('the last input step is derived from the step list', () => {
    expect(LAST_INPUT_STEP).toBe('wallet');
  });

  it('one Continue on the order screen walks every answered step to the wallet screen', () => {
    const s = filled();
    expect(currentScreen(s)).toBe('order');
    const after = next(s, { type: 'CONTINUE_SCREEN', at: T0 });
    expect(after.step).toBe('wallet');
    expect(screenProgress(after, OFFERS)).toEqual({ index: 2, total: 3 });
  });

  it('stops at the first unanswered question of the order screen', () => {
    const s = run(start(), ...BUY_STEPS.direction, ...BUY_STEPS.country, ...BUY_STEPS.currencies);
    const after = next(s, { type: 'CONTINUE_SCREEN', at: T0 });
    expect(after.step).toBe('paymentMethod');
    expect(currentScreen(after)).toBe('order');
    expect(unmetOnScreen(after, OFFERS, T0)).toBe('paymentMethod');
  });

  it('a prefilled valid wallet (no lock) is passed: order → review, and Back returns to the order', () => {
    const s = filled(
      start({ prefill: { cryptoCurrency: 'ETH', network: 'ETHEREUM', walletAddress: ETH_WALLET } }),
    );
    expect(visibleScreens(s, OFFERS)).toEqual(['order', 'review', 'status']);
    const review = next(s, { type: 'CONTINUE_SCREEN', at: T0 });
    expect(review.step).toBe('launch');
    expect(screenProgress(review, OFFERS)).toEqual({ index: 2, total: 2 });
    const back = next(review, { type: 'BACK_SCREEN' });
    expect(back.step).toBe('quotes');
    expect(canGoBackScreen(back, OFFERS)).toBe(false);
  });

  it('a wallet the shopper typed is asked again on Back', () => {
    const s = run(filled(), { type: 'CONTINUE_SCREEN', at: T0 }, { type: 'SET_WALLET', address: ETH_WALLET });
    const review = next(s, { type: 'CONTINUE_SCREEN', at: T0 });
    expect(review.step).toBe('launch');
    expect(next(review, { type: 'BACK_SCREEN' }).step).toBe('wallet');
  });

  it('an invalid prefilled wallet is asked', () => {
    const s = filled(start({ prefill: { walletAddress: '0x123' } }));
    expect(next(s, { type: 'CONTINUE_SCREEN', at: T0 }).step).toBe('wallet');
  });
});

// The wallet-connect pattern: the merchant's page learns the shopper's wallet after the widget mounted.
describe('a wallet the merchant sets after mount', () => {
  const connected = (s: CheckoutState, lock?: boolean) =>
    next(s, {
      type: 'SET_WALLET',
      address: ETH_WALLET,
      byHost: true,
      ...(lock === undefined ? {} : { lock }),
    });

  it('before the wallet screen: the screen is passed, as a prefilled wallet is', () => {
    const s = connected(filled());
    expect(visibleScreens(s, OFFERS)).toEqual(['order', 'review', 'status']);
    const review = next(s, { type: 'CONTINUE_SCREEN', at: T0 });
    expect(review.step).toBe('launch');
    expect(next(review, { type: 'BACK_SCREEN' }).step).toBe('quotes');
  });

  it('locked with it: fixed (the shopper cannot change it), and following the merchant', () => {
    const s = connected(filled(), true);
    expect(s.locked).toContain('walletAddress');
    expect(s.skipped).toContain('wallet');
    expect(next(s, { type: 'SET_WALLET', address: SOL_WALLET })).toBe(s);
    const other = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
    const moved = next(s, { type: 'SET_WALLET', address: other, byHost: true, lock: true });
    expect(moved.selection.walletAddress).toBe(other);
    expect(moved.locked).toContain('walletAddress');
  });

  it('on the wallet screen: the shopper stays there, with the wallet filled in', () => {
    const onWallet = next(filled(), { type: 'CONTINUE_SCREEN', at: T0 });
    expect(onWallet.step).toBe('wallet');
    const s = connected(onWallet, true);
    expect(s.step).toBe('wallet');
    expect(s.selection.walletAddress).toBe(ETH_WALLET);
    expect(next(s, { type: 'CONTINUE_SCREEN', at: T0 }).step).toBe('launch');
  });

  it('disconnected: the lock goes with the value, and the wallet screen asks again', () => {
    const review = next(connected(filled(), true), { type: 'CONTINUE_SCREEN', at: T0 });
    expect(review.step).toBe('launch');
    const s = next(review, { type: 'SET_WALLET', address: '', byHost: true, lock: true });
    expect(s.locked).not.toContain('walletAddress');
    expect(s.skipped).not.toContain('wallet');
    expect(s.step).toBe('wallet');
  });

  it('start over keeps the merchant’s wallet', () => {
    const s = connected(filled(), true);
    const again = next(s, { type: 'RESET', idempotencyKey: 'another-seed' });
    expect(again.selection.walletAddress).toBe(ETH_WALLET);
  });

  it('the same wallet and lock again change nothing', () => {
    const s = connected(filled(), true);
    expect(connected(s, true)).toBe(s);
  });
});

describe('offer selection follows the ranking', () => {
  it('the best offer is the chosen one once quotes arrive, with nothing sent', () => {
    expect(filled().selection.offer).toBeUndefined();
    expect(partner(filled())).toBe('TOPPER');
  });

  it('quotes before the limits count too: the offer on screen is the one taken', () => {
    const loading = { ...OFFERS, limits: undefined };
    const noLimits = runWith(loading, start(), ...order);
    expect(partner(noLimits, loading)).toBe('TOPPER');
    expect(partner(noLimits)).toBe('TOPPER');
    // Limits that reject the amount withdraw the request, and with it the offer.
    expect(
      partner(noLimits, { ...OFFERS, limits: { currencyCode: 'USD', min: 500, max: 900 } }),
    ).toBeUndefined();
  });

  it('a new ranking moves an automatic selection, not one the shopper picked', () => {
    const auto = next(filled(), { type: 'SET_QUOTE_SORT', sort: 'score' });
    expect(partner(auto)).toBe('PAYBIS');
    const picked = run(filled(), { type: 'SELECT_QUOTE', partner: 'BANXA' });
    expect(picked.selection.offer).toBe('BANXA');
    const resorted = next(picked, { type: 'SET_QUOTE_SORT', sort: 'score' });
    expect(partner(resorted)).toBe('BANXA');
    expect(resorted.prefs.quoteSort).toBe('score');
  });

  it('a refresh keeps the picked offer while its partner quotes; without it there is none', () => {
    const picked = run(filled(), { type: 'SELECT_QUOTE', partner: 'BANXA' });
    expect(partner(picked, { ...OFFERS, quotesAt: T0 + 30_000 })).toBe('BANXA');
    expect(partner(picked, { ...OFFERS, quotes: [topper, scored] })).toBeUndefined();
    // Only an offer among the quotes can be picked.
    expect(next(filled(), { type: 'SELECT_QUOTE', partner: 'NOBODY' })).toEqual(filled());
  });

  it('an automatic selection is the best of each refresh', () => {
    const refreshed = { ...OFFERS, quotes: [banxa, { ...scored, destinationAmount: 0.04 }] };
    expect(partner(filled(), refreshed)).toBe('PAYBIS');
  });
});

describe('after a hand-off that did not pay', () => {
  const launched = () =>
    run(
      filled(),
      { type: 'CONTINUE_SCREEN', at: T0 },
      { type: 'SET_WALLET', address: ETH_WALLET },
      { type: 'CONTINUE_SCREEN', at: T0 },
      { type: 'SESSION_REQUESTED', at: T0 },
      {
        type: 'SESSION_CREATED',
        session: { id: 's1', widgetUrl: 'https://p.example/1', trackingToken: 'tk' },
      },
      { type: 'LAUNCHED' },
    );

  it('"try another offer" returns to the order screen with every choice kept and a fresh key', () => {
    const s = launched();
    expect(s.step).toBe('status');
    const back = next(s, { type: 'RETRY', idempotencyKey: 'fresh-seed', to: 'quotes' });
    expect(back.step).toBe('quotes');
    expect(back.tracking).toBeUndefined();
    expect(back.launch).toEqual({ keySeed: 'fresh-seed', phase: 'idle' });
    expect(back.selection).toMatchObject({ amount: '100', walletAddress: ETH_WALLET, country: 'US' });
  });

  it('"try again" returns to the review; an expired quote sends it to the order screen instead', () => {
    const s = launched();
    expect(next(s, { type: 'RETRY', idempotencyKey: 'k2', to: 'launch' }).step).toBe('launch');
    const stale = next(s, { type: 'RETRY', idempotencyKey: 'k2', to: 'launch' }, { ...OFFERS, quotes: [] });
    expect(stale.step).toBe('quotes');
    expect(next(filled(), { type: 'RETRY', idempotencyKey: 'k2', to: 'launch' }).step).toBe(filled().step);
  });
});
