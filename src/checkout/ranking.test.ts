import { describe, expect, it } from 'vitest';
import { quote } from './test-fixtures';
import { bestQuote, quoteCost, quoteMarkup, rankQuotes, referenceRate } from './ranking';

// Three offers for $100: BANXA has the lowest stated fee but the worst rate (a big markup).
const banxa = quote({ serviceProvider: 'BANXA', sourceAmount: 100, destinationAmount: 0.028, totalFee: 1 });
const topper = quote({ serviceProvider: 'TOPPER', sourceAmount: 100, destinationAmount: 0.031, totalFee: 3 });
const paybis = quote({
  serviceProvider: 'PAYBIS',
  sourceAmount: 100,
  destinationAmount: 0.03,
  totalFee: 2,
  rampScore: 9,
  sourceAmountWithoutFees: 98,
  destinationAmountWithoutFees: 0.0325,
});
const all = [banxa, topper, paybis];
const names = (qs: { serviceProvider: string }[]) => qs.map((q) => q.serviceProvider);

describe('quote ranking', () => {
  it('"best" puts first what gives the most for what is paid', () => {
    expect(names(rankQuotes(all, 'best'))).toEqual(['TOPPER', 'PAYBIS', 'BANXA']);
  });

  it('"cost" counts the rate markup, so the lowest stated fee with the worst rate is not first', () => {
    const ranked = names(rankQuotes(all, 'cost'));
    expect(ranked[0]).toBe('TOPPER');
    expect(ranked.at(-1)).toBe('BANXA');
  });

  it('values a different amount paid by what it buys per unit', () => {
    const cheapButLess = quote({ serviceProvider: 'A', sourceAmount: 50, destinationAmount: 0.016 });
    const more = quote({ serviceProvider: 'B', sourceAmount: 100, destinationAmount: 0.03 });
    expect(names(rankQuotes([more, cheapButLess], 'best'))).toEqual(['A', 'B']);
  });

  it('"score" follows the service\'s score, then value', () => {
    expect(names(rankQuotes(all, 'score'))).toEqual(['PAYBIS', 'TOPPER', 'BANXA']);
  });

  it('the cost includes fees and markup; the markup is what the fees do not explain', () => {
    // Stated amounts without fees set the reference when given…
    expect(referenceRate(all) / (0.0325 / 98)).toBeCloseTo(1, 6);
    // …else the best rate applied to what is paid minus the fees.
    const ref = referenceRate([banxa, topper]);
    expect(ref / (0.031 / 97)).toBeCloseTo(1, 6);
    expect(quoteCost(banxa, ref)).toBeGreaterThan(quoteCost(topper, ref));
    expect(quoteMarkup(banxa, ref)).toBeGreaterThan(banxa.totalFee ?? 0);
    // The best rate's offer costs exactly its fees: no markup.
    expect(quoteCost(topper, ref)).toBeCloseTo(3);
    expect(quoteMarkup(topper, ref)).toBeCloseTo(0);
  });

  it('an unusable quote ranks last and ties keep the service order', () => {
    const broken = quote({ serviceProvider: 'ZERO', sourceAmount: 0, destinationAmount: 0 });
    const twin = quote({ ...topper, serviceProvider: 'TWIN' });
    expect(names(rankQuotes([broken, topper, twin], 'best'))).toEqual(['TOPPER', 'TWIN', 'ZERO']);
    expect(names(rankQuotes([broken, topper, twin], 'cost'))).toEqual(['TOPPER', 'TWIN', 'ZERO']);
    expect(bestQuote([])).toBeUndefined();
  });
});

describe('the expected ranking (value × completion)', () => {
  const base = { sourceAmount: 100, sourceCurrencyCode: 'USD', destinationCurrencyCode: 'BTC' };
  // A quotes slightly more, but 25 of its orders here failed; B's 25 settled.
  const a = quote({
    ...base,
    serviceProvider: 'A',
    destinationAmount: 0.00102,
    completion: { rate: 0.23, ended: 25, baseline: 0.5 },
  });
  const b = quote({
    ...base,
    serviceProvider: 'B',
    destinationAmount: 0.001,
    completion: { rate: 0.77, ended: 25, baseline: 0.5 },
  });

  it('puts first the offer that delivers most once completion is weighed in; "value" ranks by value alone', () => {
    expect(names(rankQuotes([a, b]))).toEqual(['B', 'A']);
    expect(names(rankQuotes([a, b], 'best', 'expected'))).toEqual(['B', 'A']);
    expect(bestQuote([a, b], 'best', 'value')?.serviceProvider).toBe('A');
  });

  it('uses the service-wide baseline below 20 ended orders, and value alone when no quote carries completion', () => {
    const few = { ...a, completion: { rate: 0.1, ended: 19, baseline: 0.5 } };
    const fresh = { ...b, completion: { rate: 0.95, ended: 19, baseline: 0.5 } };
    expect(names(rankQuotes([fresh, few]))).toEqual(['A', 'B']);
    // 20 ended: the partner's own rate counts.
    expect(
      names(rankQuotes([{ ...few, completion: { rate: 0.1, ended: 20, baseline: 0.5 } }, fresh])),
    ).toEqual(['B', 'A']);
    const bare = (q: typeof a) => ({ ...q, completion: undefined });
    expect(names(rankQuotes([bare(b), bare(a)]))).toEqual(['A', 'B']);
  });

  it('breaks a tie in value by rampScore, then by a partner used before, then keeps the service order', () => {
    const x = quote({ ...base, serviceProvider: 'X', destinationAmount: 0.001 });
    const scored = { ...x, serviceProvider: 'S', rampScore: 80 };
    const used = { ...x, serviceProvider: 'U', previouslyUsed: '2026-01-01T00:00:00Z' };
    expect(names(rankQuotes([x, used, scored]))).toEqual(['S', 'U', 'X']);
    expect(names(rankQuotes([x, used, scored], 'best', 'value'))).toEqual(['S', 'U', 'X']);
    expect(names(rankQuotes([x, { ...x, serviceProvider: 'Y' }]))).toEqual(['X', 'Y']);
  });
});
