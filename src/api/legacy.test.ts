import { describe, expect, it } from 'vitest';
import { RampError } from './errors';
import {
  fromLegacyCountries,
  fromLegacyCurrencies,
  fromLegacyDefaults,
  fromLegacyLimits,
  fromLegacyPaymentMethods,
} from './legacy';
import { fixtures, okBodies } from './test-fixtures';

const body = (file: string) => okBodies(`legacy-service-providers-${file}`)[0];

describe('legacy fixtures convert to current shapes', () => {
  it('every legacy fixture has a converter test below', () => {
    expect(
      fixtures
        .map((f) => f.file)
        .filter((f) => f.startsWith('legacy-'))
        .sort(),
    ).toEqual(
      [
        'countries',
        'crypto-currencies',
        'defaults-by-country',
        'fiat-currencies',
        'limits-fiat-currency-purchases',
        'payment-methods',
      ].map((f) => `legacy-service-providers-${f}`),
    );
  });

  it('countries: flagImageUrl → flag, regions → subdivision codes, regions null → none', () => {
    expect(fromLegacyCountries(body('countries'))).toEqual([
      {
        countryCode: 'US',
        name: 'United States',
        flag: 'https://cdn.meld.io/images-country/US/flag.svg',
        subdivisions: ['US-CA', 'US-NY'],
      },
      {
        countryCode: 'GB',
        name: 'United Kingdom',
        flag: 'https://cdn.meld.io/images-country/GB/flag.svg',
        subdivisions: undefined,
      },
    ]);
  });

  it("countries: the description's countryName and states[]", () => {
    expect(
      fromLegacyCountries([{ countryCode: 'CA', countryName: 'Canada', states: ['CA-ON', 'CA-QC'] }]),
    ).toEqual([{ countryCode: 'CA', name: 'Canada', flag: undefined, subdivisions: ['CA-ON', 'CA-QC'] }]);
  });

  it('defaults: an array over countries → one object per country, with the category', () => {
    expect(fromLegacyDefaults(body('defaults-by-country'), 'CRYPTO_ONRAMP')).toEqual([
      {
        countryCode: 'US',
        category: 'CRYPTO_ONRAMP',
        currencyCode: 'USD',
        paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY'],
      },
    ]);
  });

  it('fiat currencies: symbolImageUrl → symbol, no chain', () => {
    expect(fromLegacyCurrencies(body('fiat-currencies'), 'FIAT')).toEqual([
      {
        currencyCode: 'USD',
        name: 'US Dollar',
        decimalPlaces: 2,
        type: 'FIAT',
        symbol: 'https://cdn.meld.io/images-currency/fiat/USD/symbol.png',
        chainCode: undefined,
        contract: undefined,
      },
    ]);
  });

  it('crypto currencies: contractAddress → contract, chainCode kept', () => {
    const [usdc] = fromLegacyCurrencies(body('crypto-currencies'), 'CRYPTO');
    expect(usdc).toEqual({
      currencyCode: 'USDC',
      name: 'USD Coin',
      decimalPlaces: 8,
      type: 'CRYPTO',
      chainCode: 'ETH',
      contract: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      symbol: 'https://cdn.meld.io/images-currency/crypto/USDC/symbol.png',
    });
    expect(usdc).not.toHaveProperty('chainName');
    expect(usdc).not.toHaveProperty('contractAddress');
  });

  it("crypto currencies: the description's wrapper cryptoCurrencies, currencyName and networkCode", () => {
    const list = fromLegacyCurrencies(
      {
        cryptoCurrencies: [
          { currencyCode: 'SOL', currencyName: 'Solana', networkCode: 'SOLANA', networkName: 'x' },
        ],
      },
      'CRYPTO',
    );
    expect(list[0]).toMatchObject({ currencyCode: 'SOL', name: 'Solana', chainCode: 'SOLANA' });
    expect(list[0]).not.toHaveProperty('networkName');
  });

  it('payment methods: paymentMethod → method, paymentType → type, logos → logo', () => {
    expect(fromLegacyPaymentMethods(body('payment-methods'))).toEqual([
      {
        method: 'CREDIT_DEBIT_CARD',
        name: 'Credit or debit card',
        type: 'CARD',
        logo: {
          dark: 'https://cdn.meld.io/images-paymentmethod/CREDIT_DEBIT_CARD/logo_dark.png',
          light: 'https://cdn.meld.io/images-paymentmethod/CREDIT_DEBIT_CARD/logo_light.png',
        },
      },
    ]);
  });

  it('limits: minimumAmount/maximumAmount → min/max', () => {
    expect(fromLegacyLimits(body('limits-fiat-currency-purchases'))).toEqual([
      { currencyCode: 'USD', min: 20, max: 10000 },
    ]);
  });

  it("limits: the description's nested limits {minAmount, maxAmount, dailyLimit, monthlyLimit}", () => {
    expect(
      fromLegacyLimits([
        {
          currencyCode: 'EUR',
          limits: { minAmount: 15, maxAmount: 5000, dailyLimit: 9000, monthlyLimit: 20000 },
        },
      ]),
    ).toEqual([{ currencyCode: 'EUR', min: 15, max: 5000 }]);
  });

  it('a legacy body that cannot become the current shape names the field', () => {
    expect(() => fromLegacyLimits([{ currencyCode: 'USD', minimumAmount: 1 }])).toThrow(
      expect.objectContaining({
        code: 'MALFORMED_RESPONSE',
        message: expect.stringContaining('limits[0].max: missing'),
      }),
    );
    expect(() => fromLegacyPaymentMethods([{ name: 'Card' }])).toThrow(RampError);
  });
});
