import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Route } from '../api/types';
import {
  cryptoKey,
  findCrypto,
  methodLimits,
  offeredMethods,
  preferredFiat,
  preferredMethod,
} from './offers';

const route = (partner: string, methods: [string, [number, number] | null, string?][]): Route => ({
  partner,
  source: 'USD',
  destination: 'ETH',
  kycLimits: [],
  paymentMethods: methods.map(([name, l, currencyCode = 'USD']) => ({
    name,
    limits: l ? { currencyCode, min: l[0], max: l[1] } : null,
  })),
});

describe('offers', () => {
  const routes = [
    route('A', [
      ['CARD', [20, 1000]],
      ['ACH', [50, 20000]],
    ]),
    route('B', [
      ['CARD', [10, 500]],
      ['SEPA', [5, 50], 'EUR'],
    ]),
    route('C', [['CARD', null]]),
  ];

  it('offers listed methods that a route serves, in list order, and routed ones the list lacks', () => {
    const listed = [
      { method: 'APPLE_PAY', name: 'Apple Pay' },
      { method: 'ACH', name: 'Bank transfer' },
      { method: 'CARD', name: 'Card' },
    ];
    expect(offeredMethods(listed, routes).map((m) => m.method)).toEqual(['ACH', 'CARD', 'SEPA']);
    expect(offeredMethods(listed, [])).toEqual([]);
  });

  it('bounds a method by the widest published limits in the fiat currency', () => {
    expect(methodLimits(routes, 'CARD', 'USD')).toEqual({ currencyCode: 'USD', min: 10, max: 1000 });
    expect(methodLimits(routes, 'SEPA', 'USD')).toBeNull();
    expect(methodLimits(routes, 'GOOGLE_PAY', 'USD')).toBeNull();
  });

  it('every amount within the bounds is accepted by at least one partner when their ranges overlap', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 100, max: 1000 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (ranges) => {
          const rs = ranges.map(([min, max], i) => route(`P${i}`, [['CARD', [min, max]]]));
          const l = methodLimits(rs, 'CARD', 'USD');
          expect(l).not.toBeNull();
          for (const amount of [l!.min, l!.max, (l!.min + l!.max) / 2])
            expect(ranges.some(([min, max]) => amount >= min && amount <= max)).toBe(true);
        },
      ),
    );
  });

  it('prefers the country default, else the first entry', () => {
    const fiat = [
      { currencyCode: 'GBP', name: 'Pound', decimalPlaces: 2, type: 'FIAT' as const },
      { currencyCode: 'EUR', name: 'Euro', decimalPlaces: 2, type: 'FIAT' as const },
    ];
    const d = {
      countryCode: 'GB',
      category: 'CRYPTO_ONRAMP' as const,
      currencyCode: 'EUR',
      paymentMethods: ['X', 'ACH'],
    };
    expect(preferredFiat(fiat, d)?.currencyCode).toBe('EUR');
    expect(preferredFiat(fiat, null)?.currencyCode).toBe('GBP');
    const offered = [
      { method: 'CARD', name: 'Card' },
      { method: 'ACH', name: 'ACH' },
    ];
    expect(preferredMethod(offered, d)?.method).toBe('ACH');
    expect(preferredMethod(offered, null)?.method).toBe('CARD');
  });

  it('tells the same code apart by chain and contract', () => {
    const usdc = (chainCode: string, contract: string) => ({
      currencyCode: 'USDC',
      name: 'USD Coin',
      decimalPlaces: 6,
      type: 'CRYPTO' as const,
      chainCode,
      contract,
    });
    const list = [usdc('ETHEREUM', '0xA0b8'), usdc('SOLANA', 'EPjF')];
    expect(cryptoKey(list[0]!)).not.toBe(cryptoKey(list[1]!));
    expect(findCrypto(list, { currencyCode: 'USDC', chainCode: 'SOLANA' })).toBe(list[1]);
    expect(findCrypto(list, { currencyCode: 'USDC', contract: '0xa0b8' })).toBe(list[0]);
    expect(findCrypto(list, { currencyCode: 'USDC' })).toBe(list[0]);
    expect(findCrypto(list, { currencyCode: 'USDC', chainCode: 'POLYGON' })).toBeUndefined();
  });
});
