import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOffers } from './catalog';
import { toMinor } from './money';
import type { QuoteWire } from './quote';
import { createTestSandbox } from './test-kit';

const t = createTestSandbox();
const quote = (body: Record<string, unknown>) =>
  t.postJson<{ quotes: QuoteWire[] } & { code?: string }>('/payments/crypto/quote', body);
const BUY = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};
const SELL = {
  countryCode: 'DE',
  sourceCurrencyCode: 'ETH',
  sourceAmount: 0.5,
  destinationCurrencyCode: 'EUR',
};

/** Fee arithmetic that must hold exactly, in the fiat's minor units. */
function expectBuyArithmetic(q: QuoteWire, decimals: number) {
  const m = (v: number) => toMinor(v, decimals);
  expect(m(q.sourceAmount)).toBe(m(q.fiatAmountWithoutFees) + m(q.totalFee));
  expect(m(q.totalFee)).toBe(m(q.networkFee) + m(q.partnerFee) + m(q.transactionFee));
  expect(q.destinationAmount).toBeCloseTo(q.fiatAmountWithoutFees / q.exchangeRate, 5);
}

describe('buy quotes', () => {
  it('returns one quote per partner serving the pair, best first, with consistent fees', async () => {
    const res = await quote(BUY);
    expect(res.status).toBe(200);
    const { quotes } = res.body;
    expect(quotes.map((q) => q.serviceProvider).sort()).toEqual(['BANXA', 'PAYBIS', 'TOPPER', 'TRANSAK']);
    const received = quotes.map((q) => q.destinationAmount);
    expect(received).toEqual([...received].sort((a, b) => b - a));
    for (const q of quotes) {
      expect(q).toMatchObject({
        countryCode: 'US',
        sourceAmount: 100,
        sourceCurrencyCode: 'USD',
        destinationCurrencyCode: 'BTC',
        transactionType: 'CRYPTO_PURCHASE',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        rampIntelligence: { lowKyc: expect.any(Boolean), rampScore: expect.any(Number) },
      });
      expectBuyArithmetic(q, 2);
      // BTC has 8 decimal places.
      expect(Number.isInteger(Number((q.destinationAmount * 1e8).toFixed(6)))).toBe(true);
      // The partner's price is above the mid rate (96,000 USD).
      expect(q.exchangeRate).toBeGreaterThan(96000);
    }
  });

  it('holds the fee arithmetic for any offer and amount inside its limits', async () => {
    const offers = findOffers({ category: 'CRYPTO_ONRAMP' });
    await fc.assert(
      fc.asyncProperty(
        fc.nat(offers.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (i, f) => {
          const offer = offers[i]!;
          const dp = offer.fiat.decimalPlaces;
          const amount = Number((offer.limits.min + (offer.limits.max - offer.limits.min) * f).toFixed(dp));
          const res = await quote({
            countryCode: offer.country.countryCode,
            sourceCurrencyCode: offer.fiat.currencyCode,
            destinationCurrencyCode: offer.crypto.currencyCode,
            sourceAmount: amount,
            paymentMethodType: offer.method.method,
            serviceProviders: [offer.partner.id],
          });
          expect(res.status).toBe(200);
          const [q] = res.body.quotes;
          expect(q).toMatchObject({ serviceProvider: offer.partner.id, sourceAmount: amount });
          expectBuyArithmetic(q!, dp);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rounds to the currency decimals (JPY has none)', async () => {
    const res = await quote({
      countryCode: 'JP',
      sourceCurrencyCode: 'JPY',
      sourceAmount: 20000.4,
      destinationCurrencyCode: 'ETH',
    });
    for (const q of res.body.quotes) {
      expect(q.sourceAmount).toBe(20000);
      for (const fee of [q.totalFee, q.networkFee, q.partnerFee, q.transactionFee, q.fiatAmountWithoutFees]) {
        expect(Number.isInteger(fee)).toBe(true);
      }
      expectBuyArithmetic(q, 0);
    }
  });

  it('answers NO_VALID_QUOTES for a display name instead of the canonical method', async () => {
    for (const paymentMethodType of ['Credit or debit card', 'Apple Pay', 'SEPA', 'VISA']) {
      const res = await quote({ ...BUY, paymentMethodType });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'NO_VALID_QUOTES',
        message: 'No valid quotes available for this request',
      });
    }
    expect(
      (await quote({ ...BUY, paymentMethodType: 'ACH' })).body.quotes.map((q) => q.serviceProvider).sort(),
    ).toEqual(['BANXA', 'TOPPER']);
  });

  it('answers NO_VALID_QUOTES when the amount is outside every partner’s limits', async () => {
    for (const sourceAmount of [5, 1_000_000]) {
      const res = await quote({ ...BUY, sourceAmount });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('NO_VALID_QUOTES');
    }
    // 12 USD is inside only PAYBIS's card limits (10–20,000).
    expect((await quote({ ...BUY, sourceAmount: 12 })).body.quotes.map((q) => q.serviceProvider)).toEqual([
      'PAYBIS',
    ]);
  });

  it('drops the partner unavailable in the subdivision', async () => {
    const ny = await quote({ ...BUY, subdivision: 'US-NY' });
    expect(ny.body.quotes.map((q) => q.serviceProvider)).not.toContain('PAYBIS');
    expect(ny.body.quotes).toHaveLength(3);
    expect((await quote({ ...BUY, sourceAmount: 12, subdivision: 'US-TX' })).body.code).toBe(
      'NO_VALID_QUOTES',
    );
  });

  it('picks USDC’s chain from the wallet address', async () => {
    const solWallet = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    const sol = await quote({ ...BUY, destinationCurrencyCode: 'USDC', walletAddress: solWallet });
    expect(sol.body.quotes.map((q) => q.serviceProvider).sort()).toEqual(['BANXA', 'TRANSAK']);
    const evm = await quote({
      ...BUY,
      destinationCurrencyCode: 'USDC',
      walletAddress: '0x000000000000000000000000000000000000dEaD',
    });
    expect(evm.body.quotes.map((q) => q.serviceProvider).sort()).toEqual(['BANXA', 'TOPPER', 'TRANSAK']);
    // Network fees differ by chain.
    const fee = (list: QuoteWire[]) => list.find((q) => q.serviceProvider === 'BANXA')!.networkFee;
    expect(fee(sol.body.quotes)).toBeLessThan(fee(evm.body.quotes));
  });

  it('narrows to serviceProviders', async () => {
    const res = await quote({ ...BUY, serviceProviders: ['TRANSAK'] });
    expect(res.body.quotes.map((q) => q.serviceProvider)).toEqual(['TRANSAK']);
  });
});

describe('sell quotes', () => {
  it('sells the crypto amount and pays out fiat net of fees', async () => {
    const res = await quote(SELL);
    expect(res.status).toBe(200);
    expect(res.body.quotes.length).toBeGreaterThanOrEqual(3);
    for (const q of res.body.quotes) {
      expect(q).toMatchObject({
        sourceAmount: 0.5,
        sourceCurrencyCode: 'ETH',
        destinationCurrencyCode: 'EUR',
      });
      expect(q.transactionType).toBe('CRYPTO_SELL');
      expect(q.paymentMethodType).toBe('SEPA');
      const m = (v: number) => toMinor(v, 2);
      expect(m(q.destinationAmount)).toBe(m(q.fiatAmountWithoutFees) - m(q.totalFee));
      expect(q.fiatAmountWithoutFees).toBeCloseTo(0.5 * q.exchangeRate, 1);
      // The partner buys below the mid rate (3200 USD ≈ 2962.96 EUR).
      expect(q.exchangeRate).toBeLessThan(2963);
    }
  });

  it('checks limits on the fiat received', async () => {
    // 0.004 ETH ≈ 11.6 EUR received: below every SEPA payout minimum (≥ 23 EUR).
    expect((await quote({ ...SELL, sourceAmount: 0.004 })).body.code).toBe('NO_VALID_QUOTES');
    // 10 ETH ≈ 29,000 EUR: above every SEPA payout maximum (PAYBIS's 23,000 EUR is the highest).
    expect((await quote({ ...SELL, sourceAmount: 10 })).body.code).toBe('NO_VALID_QUOTES');
    // 7 ETH ≈ 20,400 EUR: inside PAYBIS's bounds only.
    expect((await quote({ ...SELL, sourceAmount: 7 })).body.quotes.map((q) => q.serviceProvider)).toEqual([
      'PAYBIS',
    ]);
  });
});

describe('quote validation', () => {
  it('names each missing or invalid field', async () => {
    const res = await quote({ sourceAmount: 0, serviceProviders: 'BANXA' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'BAD_REQUEST',
      errors: [
        '[countryCode] must not be null',
        '[sourceCurrencyCode] must not be blank',
        '[destinationCurrencyCode] must not be blank',
        '[sourceAmount] DecimalMin (value = "0.0", inclusive = false); must not be null',
        '[serviceProviders] is invalid',
      ],
    });
  });

  it('refuses a string amount, malformed JSON and unknown currencies', async () => {
    expect((await quote({ ...BUY, sourceAmount: '100' })).status).toBe(400);
    const bad = await t.post('/payments/crypto/quote', '{"countryCode":');
    expect(bad.status).toBe(400);
    expect((await quote({ ...BUY, destinationCurrencyCode: 'DOGE' })).body.code).toBe(
      'INVALID_CRYPTO_CURRENCY',
    );
    expect((await quote({ ...BUY, sourceCurrencyCode: 'XYZ' })).body.code).toBe('INVALID_AMOUNT_OR_CURRENCY');
    expect((await quote({ ...BUY, countryCode: 'ZZ' })).body.code).toBe('NO_VALID_QUOTES');
  });
});
