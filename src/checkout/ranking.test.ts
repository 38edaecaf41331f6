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
