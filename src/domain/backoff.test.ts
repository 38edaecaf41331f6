import { describe, expect, it } from 'vitest';
import { backoff } from './backoff';

describe('backoff', () => {
  const b = { firstMs: 2_000, maxMs: 600_000 };

  it('starts at firstMs and doubles up to maxMs', () => {
    expect([0, 1, 2, 3, 8, 9].map((n) => backoff(n, b))).toEqual([
      2_000, 4_000, 8_000, 16_000, 512_000, 600_000,
    ]);
  });

  it('treats a negative retry as the first, and stays at maxMs however many retries', () => {
    expect(backoff(-1, b)).toBe(2_000);
    expect(backoff(5_000, b)).toBe(600_000);
  });

  it('takes another factor', () => {
    expect([0, 1, 2].map((n) => backoff(n, { firstMs: 1_000, maxMs: 10_000, factor: 1.5 }))).toEqual([
      1_000, 1_500, 2_250,
    ]);
  });
});
