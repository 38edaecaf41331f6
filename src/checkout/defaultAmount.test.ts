import { describe, expect, it } from 'vitest';
import { defaultAmount, roundFiatAmount } from './defaultAmount';

const usd = (min: number, max: number) => ({ currencyCode: 'USD', min, max });

describe('the default amount', () => {
  it('is a round sum about ten times the lowest minimum', () => {
    expect(roundFiatAmount(usd(10, 20_000))).toBe(100);
    expect(roundFiatAmount(usd(20, 10_000))).toBe(200);
    expect(roundFiatAmount(usd(30, 10_000))).toBe(500);
    expect(roundFiatAmount({ currencyCode: 'JPY', min: 1500, max: 3_000_000 })).toBe(20_000);
  });

  it('stays within the limits', () => {
    expect(roundFiatAmount(usd(50, 300))).toBe(200);
    expect(roundFiatAmount(usd(50, 60))).toBe(50);
    expect(roundFiatAmount(usd(55, 60))).toBeUndefined();
    expect(roundFiatAmount(usd(0, 100))).toBe(100);
    expect(roundFiatAmount(usd(100, 50))).toBeUndefined();
  });

  it('is given in the source currency with its decimals', () => {
    expect(defaultAmount({ direction: 'buy', limits: usd(10, 20_000), decimals: 2 })).toBe('100');
    // A sell: 100 € at 2,000 €/ETH is 0.05 ETH.
    const eur = { currencyCode: 'EUR', min: 10, max: 20_000 };
    expect(defaultAmount({ direction: 'sell', limits: eur, decimals: 18, fiatPerCrypto: 2000 })).toBe('0.05');
    // 100 € at 61,234 €/BTC: 0.001 BTC (61 €) is the round amount within the limits.
    expect(defaultAmount({ direction: 'sell', limits: eur, decimals: 8, fiatPerCrypto: 61_234 })).toBe(
      '0.001',
    );
  });

  it('has none for a sell whose rate is not known yet', () => {
    expect(defaultAmount({ direction: 'sell', limits: usd(10, 20_000), decimals: 8 })).toBeUndefined();
  });
});
