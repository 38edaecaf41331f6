import { describe, expect, it } from 'vitest';
import { countryText, methodText } from './format';

describe('console names instead of raw codes', () => {
  it('names payment methods, other codes as words', () => {
    expect(methodText('FASTER_PAYMENTS')).toBe('Faster Payments');
    expect(methodText('CREDIT_DEBIT_CARD')).toBe('Credit or debit card');
    expect(methodText(undefined)).toBe('');
  });
  it('names countries with their code', () => {
    expect(countryText('GB')).toBe('United Kingdom (GB)');
    expect(countryText(undefined)).toBe('');
  });
});
