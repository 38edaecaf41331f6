import { describe, expect, it } from 'vitest';
import { AMOUNT_PATTERN, MAX_DECIMALS, MAX_INTEGER_DIGITS } from './amount';
import { ID_PATTERN } from './codes';

describe('AMOUNT_PATTERN', () => {
  it('takes up to 15 integer digits, each of them exact as a JSON number', () => {
    const largest = '9'.repeat(MAX_INTEGER_DIGITS);
    expect(MAX_INTEGER_DIGITS).toBe(15);
    expect(AMOUNT_PATTERN.test(largest)).toBe(true);
    expect(String(Number(largest))).toBe(largest);
    expect(AMOUNT_PATTERN.test('1' + '0'.repeat(MAX_INTEGER_DIGITS))).toBe(false);
  });

  it('takes up to 18 decimals', () => {
    expect(AMOUNT_PATTERN.test(`0.${'1'.repeat(MAX_DECIMALS)}`)).toBe(true);
    expect(AMOUNT_PATTERN.test(`0.${'1'.repeat(MAX_DECIMALS + 1)}`)).toBe(false);
  });

  it.each(['100', '0.05', '0', '123456789012345.5'])('takes %s', (s) =>
    expect(AMOUNT_PATTERN.test(s)).toBe(true),
  );

  it.each(['01', '-5', '+5', '1e3', '1.', '.5', ' 100', '1,5', '0x10', ''])('refuses %j', (s) =>
    expect(AMOUNT_PATTERN.test(s)).toBe(false),
  );
});

describe('ID_PATTERN', () => {
  it('takes letters, digits, - and _, 1 to 128 of them', () => {
    expect(['a', 'tx_01-AB', 'x'.repeat(128)].map((s) => ID_PATTERN.test(s))).toEqual([true, true, true]);
    expect(['', 'x'.repeat(129), 'a/b', 'a b', 'a.b', 'é'].map((s) => ID_PATTERN.test(s))).toEqual(
      Array(6).fill(false),
    );
  });
});
