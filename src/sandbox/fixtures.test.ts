// The sandbox serves the same shapes as the upstream's documented examples: every field of a
// fixture's 200 example is present in the sandbox's answer (nested objects and first array items).
import { describe, expect, it } from 'vitest';
import quoteFixture from '../api/__fixtures__/crypto-quote.json';
import sessionFixture from '../api/__fixtures__/crypto-session-widget.json';
import accountsFixture from '../api/__fixtures__/financial-accounts-search.json';
import accountTxFixture from '../api/__fixtures__/financial-accounts-transactions-search.json';
import legacyCountriesFixture from '../api/__fixtures__/legacy-service-providers-countries.json';
import legacyCryptoFixture from '../api/__fixtures__/legacy-service-providers-crypto-currencies.json';
import legacyDefaultsFixture from '../api/__fixtures__/legacy-service-providers-defaults-by-country.json';
import legacyFiatFixture from '../api/__fixtures__/legacy-service-providers-fiat-currencies.json';
import legacyLimitsFixture from '../api/__fixtures__/legacy-service-providers-limits-fiat-currency-purchases.json';
import legacyMethodsFixture from '../api/__fixtures__/legacy-service-providers-payment-methods.json';
import defaultsFixture from '../api/__fixtures__/network-partner-defaults.json';
import countriesFixture from '../api/__fixtures__/network-partner-supported-countries.json';
import currenciesFixture from '../api/__fixtures__/network-partner-supported-currencies.json';
import methodsFixture from '../api/__fixtures__/network-partner-supported-payment-methods.json';
import routesFixture from '../api/__fixtures__/network-partner-supported-routes.json';
import bySessionFixture from '../api/__fixtures__/payments-transaction-by-session.json';
import getFixture from '../api/__fixtures__/payments-transaction-get.json';
import searchFixture from '../api/__fixtures__/payments-transactions-search.json';
import { LEGACY_SUNSET } from './legacy';
import { createTestSandbox } from './test-kit';

interface FixtureFile {
  response_examples: { status: number | number[]; body: unknown }[];
}

const firstOk = (f: FixtureFile) => f.response_examples.find((e) => e.status === 200)!.body;

/** Paths of `expected` (a documented example) missing from `actual`. */
function missing(expected: unknown, actual: unknown, path = '$'): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [path];
    return expected.length && actual.length ? missing(expected[0], actual[0], `${path}[0]`) : [];
  }
  if (expected === null || typeof expected !== 'object') return [];
  if (actual === null || typeof actual !== 'object') return [path];
  return Object.entries(expected).flatMap(([k, v]) =>
    k in actual ? missing(v, (actual as Record<string, unknown>)[k], `${path}.${k}`) : [`${path}.${k}`],
  );
}

const t = createTestSandbox({ timeScale: 0 });
const json = async (path: string) => (await t.getJson(path)).body;

describe('shapes match the documented examples', () => {
  it.each([
    ['countries', countriesFixture, '/network-partner/supported/countries?category=CRYPTO_ONRAMP'],
    ['defaults', defaultsFixture, '/network-partner/defaults/US/CRYPTO_ONRAMP'],
    [
      'currencies',
      currenciesFixture,
      '/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO&providerCurrencyCode=USDC',
    ],
    [
      'payment methods',
      methodsFixture,
      '/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD',
    ],
    ['routes', routesFixture, '/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC?partners=BANXA'],
    ['transaction search', searchFixture, '/payments/transactions?customerIds=cus_alice&limit=1'],
    ['financial accounts', accountsFixture, '/financial-accounts?customerId=cus_alice&limit=1'],
    [
      'account transactions',
      accountTxFixture,
      '/financial-accounts/transactions?customerId=cus_alice&endDate=2026-02-20T00:00:00Z&limit=1',
    ],
  ])('%s', async (_name, fixture, path) => {
    expect(missing(firstOk(fixture as FixtureFile), await json(path))).toEqual([]);
  });

  it('quote (previouslyUsed appears only for returning customers)', async () => {
    const body = (
      await t.postJson('/payments/crypto/quote', {
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: 100,
        destinationCurrencyCode: 'BTC',
      })
    ).body;
    expect(missing(firstOk(quoteFixture as FixtureFile), body)).toEqual([
      '$.quotes[0].rampIntelligence.previouslyUsed',
    ]);
  });

  it('session, transaction by id and by session', async () => {
    const session = await t.postJson<{ id: string; widgetUrl: string }>('/crypto/session/widget', {
      sessionType: 'SELL',
      sessionData: {
        serviceProvider: 'TRANSAK',
        countryCode: 'US',
        sourceCurrencyCode: 'USDC',
        sourceAmount: '50',
        destinationCurrencyCode: 'USD',
        walletAddress: '0x000000000000000000000000000000000000dEaD',
      },
      externalSessionId: 'example-session-id',
      externalCustomerId: 'example-customer-id',
    });
    expect(missing(firstOk(sessionFixture as FixtureFile), session.body)).toEqual([]);
    await t.sandbox.fetch(session.body.widgetUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    const bySession = await json(`/payments/transactions/sessions/${session.body.id}`);
    expect(missing(firstOk(bySessionFixture as FixtureFile), bySession)).toEqual([]);
    const id = (bySession as { transaction: { id: string } }).transaction.id;
    expect(missing(firstOk(getFixture as FixtureFile), await json(`/payments/transactions/${id}`))).toEqual(
      [],
    );
  });
});

describe('legacy discovery', () => {
  it.each([
    ['countries', legacyCountriesFixture, '/service-providers/properties/countries?categories=CRYPTO_ONRAMP'],
    ['defaults', legacyDefaultsFixture, '/service-providers/properties/defaults/by-country?countries=US'],
    ['fiat', legacyFiatFixture, '/service-providers/properties/fiat-currencies'],
    ['crypto', legacyCryptoFixture, '/service-providers/properties/crypto-currencies?cryptoCurrencies=USDC'],
    ['payment methods', legacyMethodsFixture, '/service-providers/properties/payment-methods'],
    ['limits', legacyLimitsFixture, '/service-providers/limits/fiat-currency-purchases?fiatCurrencies=USD'],
  ])('%s: a bare array in the legacy shape, marked deprecated', async (_name, fixture, path) => {
    const res = await t.get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('deprecation')).toBe('true');
    expect(res.headers.get('sunset')).toBe(LEGACY_SUNSET);
    expect(res.headers.get('link')).toMatch(/rel="successor-version"/);
    const body = (await res.json()) as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThan(0);
    expect(missing(firstOk(fixture as FixtureFile), body)).toEqual([]);
  });

  it('is direction-agnostic unless categories narrow it, and filters by country lists', async () => {
    const all = (await json('/service-providers/properties/countries')) as { countryCode: string }[];
    expect(all.map((c) => c.countryCode)).toEqual(['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'NG', 'CA', 'AU']);
    const sell = (await json(
      '/service-providers/properties/countries?categories=CRYPTO_OFFRAMP',
    )) as unknown[];
    expect(sell).toHaveLength(6);
    const us = (await json('/service-providers/properties/countries?countries=US')) as {
      regions: { regionCode: string; name: string }[];
    }[];
    expect(us[0]!.regions).toContainEqual({ regionCode: 'US-NY', name: 'New York' });
    const gb = (await json('/service-providers/properties/countries?countries=GB')) as { regions: unknown }[];
    expect(gb[0]!.regions).toBeNull();
  });
});
