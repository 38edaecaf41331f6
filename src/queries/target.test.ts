import { describe, expect, it } from 'vitest';
import { findSourceAmount, MAX_TARGET_QUOTES } from './target';

/** A scripted best quote: what `source` buys at `price` after a fee rate and a fixed fee, counting the asks. */
function scripted(price: number, feeRate: number, fixed: number, decimals = 8) {
  const asked: number[] = [];
  const at = (s: number) => {
    const d = (s * (1 - feeRate) - fixed) / price;
    return d > 0 ? Math.floor(d * 10 ** decimals) / 10 ** decimals : undefined;
  };
  return { asked, at, deliver: async (s: number) => (asked.push(s), at(s)) };
}

describe('findSourceAmount', () => {
  it.each([
    ['a fee rate and a fixed fee', 61_000, 0.015, 4.5],
    ['a large fixed fee', 61_000, 0, 40],
    ['no fees', 61_000, 0, 0],
    ['a steep fee rate', 3_000, 0.05, 1],
  ])(
    'with %s, reaches 0.01 to 0.0102 of the target in at most three quotes',
    async (_, price, rate, fixed) => {
      const q = scripted(price, rate, fixed);
      // The rate as the offer on screen shows it, for $100.
      const perUnit = 100 / q.at(100)!;
      const r = await findSourceAmount({
        target: 0.01,
        perUnit,
        deliver: q.deliver,
        decimals: 2,
        min: 20,
        max: 20_000,
      });
      const got = q.at(Number(r.amount))!;
      expect(got).toBeGreaterThanOrEqual(0.01);
      expect(got).toBeLessThanOrEqual(0.0102);
      expect(q.asked.length).toBeLessThanOrEqual(MAX_TARGET_QUOTES);
      expect(r.amount).toMatch(/^\d+\.\d\d$/);
      expect(r.bound).toBeUndefined();
    },
  );

  it('learns the rate from a first quote when none is known', async () => {
    const q = scripted(61_000, 0.015, 4.5);
    const r = await findSourceAmount({ target: 0.01, probe: 100, deliver: q.deliver, decimals: 2 });
    expect(q.at(Number(r.amount))).toBeGreaterThanOrEqual(0.01);
    expect(q.asked[0]).toBe(100);
    expect(q.asked.length).toBeLessThanOrEqual(MAX_TARGET_QUOTES);
  });

  it('holds the amount at the limit it would pass, in one quote, and says which', async () => {
    const q = scripted(61_000, 0.015, 4.5);
    const perUnit = 100 / q.at(100)!;
    const over = await findSourceAmount({
      target: 1,
      perUnit,
      deliver: q.deliver,
      decimals: 2,
      min: 20,
      max: 20_000,
    });
    expect(over).toEqual({ amount: '20000.00', bound: 'max' });
    expect(q.asked).toEqual([20_000]);
    const under = await findSourceAmount({
      target: 0.0001,
      perUnit,
      deliver: q.deliver,
      decimals: 2,
      min: 20,
    });
    expect(under).toEqual({ amount: '20.00', bound: 'min' });
  });

  it('gives nothing when no quote answers', async () => {
    const asked: number[] = [];
    const r = await findSourceAmount({
      target: 0.01,
      perUnit: 60_000,
      deliver: async (s) => void asked.push(s),
      decimals: 2,
    });
    expect(r.amount).toBeUndefined();
    expect(asked).toHaveLength(1);
  });
});
