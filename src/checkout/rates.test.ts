import { describe, expect, it } from 'vitest';
import type { Quote } from '../api/types';
import { marketRate, offerCost, offerRate } from './rates';

const buy = (partner: string, rate: number, fee: number): Quote => ({
  serviceProvider: partner,
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
  destinationAmount: (100 - fee) / rate,
  totalFee: fee,
  exchangeRate: rate,
});

describe('offer rates and costs', () => {
  it('reads the service rate, else derives it from the amounts without fees', () => {
    expect(offerRate(buy('A', 50_000, 2), 'buy')).toBe(50_000);
    const { exchangeRate: _, ...bare } = buy('A', 50_000, 2);
    expect(offerRate(bare, 'buy')).toBeCloseTo(50_000, 6);
    const sell: Quote = {
      serviceProvider: 'B',
      sourceCurrencyCode: 'ETH',
      sourceAmount: 0.5,
      destinationCurrencyCode: 'EUR',
      destinationAmount: 995,
      totalFee: 5,
    };
    expect(offerRate(sell, 'sell')).toBeCloseTo(2000, 6);
  });

  it('measures the markup against the median of the rates, so the best offer is not the yardstick', () => {
    const quotes = [buy('A', 50_000, 3), buy('B', 50_500, 1), buy('C', 51_000, 0.5)];
    const market = marketRate(quotes, 'buy');
    expect(market).toBe(50_500);
    // At the market or better: no markup, only its fees.
    expect(offerCost(quotes[0]!, 'buy', market)).toEqual({ fees: 3, markup: 0, total: 3 });
    expect(offerCost(quotes[1]!, 'buy', market).markup).toBe(0);
    // Worse than the market: the difference over the crypto bought.
    const c = offerCost(quotes[2]!, 'buy', market);
    expect(c.markup).toBeCloseTo(((100 - 0.5) / 51_000) * 500, 8);
    expect(c.total).toBeCloseTo(0.5 + c.markup, 8);
  });

  it('for a sell a lower rate is the worse one, and the cost is in fiat', () => {
    const sell = (rate: number): Quote => ({
      serviceProvider: `P${rate}`,
      sourceCurrencyCode: 'ETH',
      sourceAmount: 0.5,
      destinationCurrencyCode: 'EUR',
      destinationAmount: 0.5 * rate - 4,
      totalFee: 4,
      exchangeRate: rate,
    });
    const quotes = [sell(1990), sell(2000)];
    const market = marketRate(quotes, 'sell');
    expect(market).toBe(1995);
    expect(offerCost(quotes[0]!, 'sell', market)).toEqual({ fees: 4, markup: 2.5, total: 6.5 });
    expect(offerCost(quotes[1]!, 'sell', market).markup).toBe(0);
  });

  it('has no market without usable rates', () => {
    expect(marketRate([], 'buy')).toBe(0);
    expect(offerCost(buy('A', 50_000, 2), 'buy', 0)).toEqual({ fees: 2, markup: 0, total: 2 });
  });
});
