import { describe, expect, it } from 'vitest';
import type { KycLimit, Route } from '../api/types';
import { quote } from './test-fixtures';
import { verificationOf } from './verification';

const route = (partner: string, kycLimits: KycLimit[]): Route => ({
  partner,
  source: 'USD',
  destination: 'ETH',
  paymentMethods: [],
  kycLimits,
});
const level = (over: Partial<KycLimit>): KycLimit => ({
  countryCode: 'US',
  currencyCode: 'USD',
  limitType: 'DAILY',
  level1: 1000,
  level2: 10000,
  ...over,
});
const at = (sourceAmount: number) => quote({ serviceProvider: 'PAYBIS', sourceAmount });

describe('verificationOf', () => {
  const routes = [
    route('PAYBIS', [
      level({ currencyCode: 'EUR' }),
      level({ limitType: 'TRANSACTION', level1: 150 }),
      level({}),
    ]),
  ];

  it('reads level 1 of the first entry for the fiat: light up to it, ID above it', () => {
    expect(verificationOf(routes, at(150), 'buy', 'US')).toEqual({
      light: true,
      limit: 150,
      limitType: 'TRANSACTION',
      currency: 'USD',
    });
    expect(verificationOf(routes, at(150.01), 'buy', 'US')?.light).toBe(false);
  });

  it('judges a sell by the fiat it pays out', () => {
    const sell = quote({
      serviceProvider: 'PAYBIS',
      sourceCurrencyCode: 'ETH',
      sourceAmount: 1,
      destinationCurrencyCode: 'USD',
      destinationAmount: 140,
    });
    expect(verificationOf(routes, sell, 'sell', 'US')?.light).toBe(true);
  });

  it('says nothing without data: another partner, currency, country or an unknown limit type', () => {
    expect(verificationOf(routes, { ...at(10), serviceProvider: 'BANXA' }, 'buy', 'US')).toBeUndefined();
    expect(verificationOf(routes, { ...at(10), sourceCurrencyCode: 'GBP' }, 'buy', 'US')).toBeUndefined();
    expect(verificationOf(routes, at(10), 'buy', 'GB')).toBeUndefined();
    expect(
      verificationOf([route('PAYBIS', [level({ limitType: 'LIFETIME' })])], at(10), 'buy', 'US'),
    ).toBeUndefined();
    expect(verificationOf([route('PAYBIS', [])], at(10), 'buy', 'US')).toBeUndefined();
  });
});
