// The sandbox serves the same shapes as the upstream's documented examples: every field of a
// fixture's 200 example is present in the sandbox's answer (nested objects and first array items).
import { describe, expect, it } from 'vitest';
import quoteFixture from '../api/__fixtures__/crypto-quote.json';
import sessionFixture from '../api/__fixtures__/crypto-session-widget.json';
import accountsFixture from '../api/__fixtures__/financial-accounts-search.json';
import accountTxFixture from '../api/__fixtures__/financial-accounts-transactions-search.json';
import defaultsFixture from '../api/__fixtures__/network-partner-defaults.json';
import countriesFixture from '../api/__fixtures__/network-partner-supported-countries.json';
import currenciesFixture from '../api/__fixtures__/network-partner-supported-currencies.json';
import methodsFixture from '../api/__fixtures__/network-partner-supported-payment-methods.json';
import routesFixture from '../api/__fixtures__/network-partner-supported-routes.json';
import bySessionFixture from '../api/__fixtures__/payments-transaction-by-session.json';
import getFixture from '../api/__fixtures__/payments-transaction-get.json';
import searchFixture from '../api/__fixtures__/payments-transactions-search.json';
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
