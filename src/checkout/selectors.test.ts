import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUY_STEPS, ETH_WALLET, FACTS, T0, buyAt, quote, run, runWith, start } from './test-fixtures';
import type { Facts } from './state';
import type { CheckoutEvent } from './events';
import { idempotencyKeyFor } from './idempotency';
import { next } from './machine';
import {
  canContinue,
  canGoBack,
  canLaunch,
  blockingStep,
  progress,
  quoteExpiresIn,
  quoteRequest,
  sessionRequest,
  summary,
  visibleSteps,
} from './selectors';

/** A sell of USDC for EUR in Germany: no limits published, one TRANSAK quote at T0. */
const SELL_FACTS: Facts = {
  requiresSubdivision: false,
  limits: null,
  fiatDecimals: 2,
  cryptoDecimals: 6,
  quotes: [quote({ serviceProvider: 'TRANSAK', sourceCurrencyCode: 'USDC', destinationCurrencyCode: 'EUR' })],
  quotesAt: T0,
};

const sellToLaunch = () =>
  runWith(
    SELL_FACTS,
    start({ direction: 'sell', directions: ['sell'] }),
    { type: 'SET_COUNTRY', country: 'DE' },
    { type: 'CONTINUE', at: T0 },
    { type: 'SET_FIAT', fiatCurrency: 'EUR' },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'SOLANA' } },
    { type: 'CONTINUE', at: T0 },
    { type: 'SET_PAYMENT_METHOD', method: 'SEPA' },
    { type: 'CONTINUE', at: T0 },
    { type: 'SET_AMOUNT', text: '250,5', locale: 'de' },
    { type: 'CONTINUE', at: T0 },
    { type: 'SELECT_QUOTE', partner: 'TRANSAK' },
    { type: 'CONTINUE', at: T0 },
    { type: 'SET_WALLET', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
    { type: 'CONTINUE', at: T0 },
  );

describe('quoteRequest', () => {
  it('is null until every quote input is valid', () => {
    expect(quoteRequest(start(), FACTS)).toBeNull();
    expect(quoteRequest(buyAt('amount'), FACTS)).toBeNull();
    expect(quoteRequest(run(buyAt('amount'), { type: 'SET_AMOUNT', text: '5' }), FACTS)).toBeNull();
  });

  it('does not wait for the limits, and is withdrawn when they reject the amount', () => {
    const unknownLimits = run(
      buyAt('paymentMethod'),
      { type: 'SET_PAYMENT_METHOD', method: 'SEPA' },
      ...BUY_STEPS.amount,
    );
    const loading = { ...FACTS, limits: undefined };
    expect(quoteRequest(unknownLimits, loading)).toMatchObject({
      sourceAmount: 100,
      paymentMethodType: 'SEPA',
    });
    const tight = { currencyCode: 'USD', min: 500, max: 900 };
    expect(quoteRequest(unknownLimits, { ...FACTS, limits: tight })).toBeNull();
  });

  it('builds a buy request in direction order with the canonical method and subdivision', () => {
    expect(quoteRequest(buyAt('quotes'), FACTS)).toEqual({
      countryCode: 'US',
      subdivision: 'US-NY',
      sourceCurrencyCode: 'USD',
      sourceAmount: 100,
      destinationCurrencyCode: 'ETH',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
    });
  });

  it('builds a sell request (crypto → fiat) and passes partner restrictions', () => {
    expect(quoteRequest(sellToLaunch(), SELL_FACTS, { partners: ['TRANSAK'] })).toEqual({
      countryCode: 'DE',
      sourceCurrencyCode: 'USDC',
      sourceAmount: 250.5,
      destinationCurrencyCode: 'EUR',
      paymentMethodType: 'SEPA',
      serviceProviders: ['TRANSAK'],
    });
  });

  it('never carries a display name, whatever methods the shopper picks', () => {
    const methods = [
      { method: 'CREDIT_DEBIT_CARD', name: 'Credit/Debit Card' },
      { method: 'APPLE_PAY', name: 'Apple Pay' },
      { method: 'SEPA', name: 'SEPA Bank Transfer' },
      { method: 'ACH', name: 'ACH' },
      { method: 'PIX', name: 'Pix' },
    ];
    const pick = fc
      .constantFrom(...methods)
      .chain((m) =>
        fc.constantFrom<CheckoutEvent>(
          { type: 'SET_PAYMENT_METHOD', method: m.method },
          { type: 'SET_PAYMENT_METHOD', method: m.name },
        ),
      );
    fc.assert(
      fc.property(fc.array(pick, { minLength: 1, maxLength: 6 }), (picks) => {
        const facts = { ...FACTS, limits: null };
        const s = runWith(facts, buyAt('paymentMethod'), ...picks, ...BUY_STEPS.amount);
        const request = quoteRequest(s, facts);
        const names = methods.filter((m) => m.name !== m.method).map((m) => m.name);
        if (request) {
          expect(methods.map((m) => m.method)).toContain(request.paymentMethodType);
          expect(names).not.toContain(request.paymentMethodType);
        }
      }),
    );
  });
});

describe('sessionRequest', () => {
  it('builds the buy session from the quote partner and the shopper entries', () => {
    expect(sessionRequest(buyAt('launch'), FACTS)).toEqual({
      sessionType: 'BUY',
      sessionData: {
        serviceProvider: 'PAYBIS',
        countryCode: 'US',
        subdivision: 'US-NY',
        sourceCurrencyCode: 'USD',
        sourceAmount: '100',
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        walletAddress: ETH_WALLET,
      },
    });
  });

  it('builds a sell session with the crypto as the source', () => {
    expect(sessionRequest(sellToLaunch(), SELL_FACTS)).toEqual({
      sessionType: 'SELL',
      sessionData: {
        serviceProvider: 'TRANSAK',
        countryCode: 'DE',
        sourceCurrencyCode: 'USDC',
        sourceAmount: '250.5',
        destinationCurrencyCode: 'EUR',
        paymentMethodType: 'SEPA',
        walletAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      },
    });
  });

  it('is null before the wallet is valid', () => {
    expect(sessionRequest(buyAt('wallet'), FACTS)).toBeNull();
    expect(
      sessionRequest(run(buyAt('wallet'), { type: 'SET_WALLET', address: 'bc1qnope' }), FACTS),
    ).toBeNull();
  });
});

describe('idempotencyKeyFor', () => {
  it('is a stable UUID per seed and request', () => {
    const request = sessionRequest(buyAt('launch'), FACTS);
    if (!request) throw new Error('unreachable');
    const key = idempotencyKeyFor('seed', request);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotencyKeyFor('seed', structuredClone(request))).toBe(key);
    expect(idempotencyKeyFor('other', request)).not.toBe(key);
    const changed = { ...request, sessionData: { ...request.sessionData, sourceAmount: '101' } };
    expect(idempotencyKeyFor('seed', changed)).not.toBe(key);
  });
});

describe('navigation selectors', () => {
  it('canContinue follows the guards at the given time', () => {
    expect(canContinue(start(), FACTS, T0)).toBe(true);
    expect(canContinue(buyAt('country'), FACTS, T0)).toBe(false);
    const quoted = run(buyAt('quotes'), ...BUY_STEPS.quotes);
    expect(canContinue(quoted, FACTS, T0 + 60_000)).toBe(true);
    expect(canContinue(quoted, FACTS, T0 + 60_001)).toBe(false);
    expect(blockingStep(quoted, FACTS, T0 + 60_001)).toBe('quotes');
    // Quotes still on their way: pending, not yet a reason to go on.
    expect(canContinue(quoted, { ...FACTS, quotes: undefined }, T0)).toBe(false);
    expect(canContinue(buyAt('launch'), FACTS, T0)).toBe(false);
  });

  it('canLaunch holds only on the launch step with a fresh quote and no session in flight', () => {
    const s = buyAt('launch');
    expect(canLaunch(s, FACTS, T0)).toBe(true);
    expect(canLaunch(s, FACTS, T0 + 60_001)).toBe(false);
    expect(canLaunch(next(s, { type: 'SESSION_REQUESTED', at: T0 }, FACTS), FACTS, T0)).toBe(false);
    expect(canLaunch(buyAt('wallet'), FACTS, T0)).toBe(false);
    // The picked partner no longer quotes: nothing to launch.
    expect(canLaunch(s, { ...FACTS, quotes: [quote({ serviceProvider: 'BANXA' })] }, T0)).toBe(false);
  });

  it('canGoBack everywhere before launch except the first shown step', () => {
    expect(canGoBack(start())).toBe(false);
    expect(canGoBack(buyAt('country'))).toBe(true);
    expect(canGoBack(buyAt('launch'))).toBe(true);
    expect(canGoBack(start({ directions: ['buy'] }))).toBe(false);
  });

  it('progress counts the shown steps', () => {
    expect(progress(start())).toEqual({ index: 1, total: 8 });
    expect(progress(buyAt('amount'))).toEqual({ index: 5, total: 8 });
    const fixed = start({
      directions: ['buy'],
      prefill: { paymentMethod: 'SEPA' },
      locked: ['paymentMethod'],
    });
    expect(visibleSteps(fixed)).toEqual(['country', 'currencies', 'amount', 'quotes', 'wallet', 'launch']);
    expect(progress(fixed)).toEqual({ index: 1, total: 6 });
  });

  it('quoteExpiresIn counts down from the TTL', () => {
    expect(quoteExpiresIn(buyAt('quotes'), { ...FACTS, quotesAt: undefined }, T0)).toBeNull();
    expect(quoteExpiresIn(buyAt('launch'), FACTS, T0 + 15_000)).toBe(45_000);
  });
});

describe('summary', () => {
  it('summarises a buy for the review screen', () => {
    expect(summary(buyAt('launch'), quote())).toEqual({
      direction: 'buy',
      countryCode: 'US',
      subdivision: 'US-NY',
      fiatCurrency: 'USD',
      crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' },
      paymentMethod: 'CREDIT_DEBIT_CARD',
      sourceCurrencyCode: 'USD',
      sourceAmount: '100',
      destinationCurrencyCode: 'ETH',
      destinationAmount: 0.03,
      serviceProvider: 'PAYBIS',
      totalFee: 5,
      walletAddress: ETH_WALLET,
      network: 'ETHEREUM',
    });
  });
});
