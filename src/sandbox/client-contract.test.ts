// The project's own upstream client (src/api) reads every sandbox answer through its schemas:
// if the sandbox drifted from the contract, these calls would throw.
import { describe, expect, it } from 'vitest';
import { createRampClient } from '../api/client';
import { upstreamReaders } from '../api/schemas';
import { isNoValidQuotes } from '../api/errors';
import { createTestSandbox, TEST_API_KEY } from './test-kit';

describe('src/api client against the sandbox', () => {
  const t = createTestSandbox({ timeScale: 0, publicBaseUrl: 'http://127.0.0.1:8787/sandbox' });
  const client = createRampClient({
    readers: upstreamReaders,
    baseUrl: 'http://sandbox.internal',
    apiKey: TEST_API_KEY,
    serviceVersion: '2026-02-03',
    fetch: t.sandbox.fetch as typeof fetch,
  });

  it('discovery', async () => {
    expect((await client.countries({ category: 'CRYPTO_OFFRAMP' })).map((c) => c.countryCode)).toContain(
      'AU',
    );
    expect(await client.defaults({ country: 'AU', category: 'CRYPTO_OFFRAMP' })).toBeNull();
    const cryptos = await client.currencies({
      category: 'CRYPTO_ONRAMP',
      country: 'US',
      type: 'CRYPTO',
      network: 'SOLANA',
    });
    expect(cryptos.map((c) => c.currencyCode)).toEqual(['USDC', 'SOL']);
    const methods = await client.paymentMethods({
      category: 'CRYPTO_ONRAMP',
      country: 'BR',
      currencyCode: 'BRL',
    });
    expect(methods.map((m) => m.method)).toContain('PIX');
    const routes = await client.routes({
      category: 'CRYPTO_OFFRAMP',
      country: 'US',
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      subdivision: 'US-NY',
    });
    expect(routes.map((r) => r.partner).sort()).toEqual(['BANXA', 'TOPPER', 'TRANSAK']);
  });

  it('quote, session, provider page and tracking', async () => {
    const quotes = await client.quote({
      countryCode: 'GB',
      sourceCurrencyCode: 'GBP',
      sourceAmount: 250,
      destinationCurrencyCode: 'ETH',
      paymentMethodType: 'FASTER_PAYMENTS',
    });
    expect(quotes.length).toBeGreaterThan(0);
    const best = quotes[0]!;
    const session = await client.createSession({
      sessionType: 'BUY',
      sessionData: {
        serviceProvider: best.serviceProvider,
        countryCode: 'GB',
        sourceCurrencyCode: 'GBP',
        sourceAmount: '250',
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'FASTER_PAYMENTS',
        walletAddress: '0x000000000000000000000000000000000000dEaD',
      },
    });
    await expect(client.transactionBySession(session.id)).rejects.toMatchObject({
      code: 'TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER',
    });
    await t.sandbox.fetch(session.widgetUrl, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
    });
    const tx = await client.transactionBySession(session.id);
    expect(tx).toMatchObject({ status: 'SETTLED', destinationAmount: best.destinationAmount });
    expect((await client.transaction(tx.id)).id).toBe(tx.id);
    const error = await client
      .quote({
        countryCode: 'GB',
        sourceCurrencyCode: 'GBP',
        sourceAmount: 250,
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'Faster Payments',
      })
      .catch((e: unknown) => e);
    expect(isNoValidQuotes(error)).toBe(true);
  });

  it('listings', async () => {
    const page = await client.transactions({ status: 'SETTLED', limit: 5 });
    expect(page).toMatchObject({ count: 5, totalCount: expect.any(Number) });
    const next = await client.transactions({ status: 'SETTLED', limit: 5, after: page.items[4]!.key! });
    expect(next.items[0]!.id).not.toBe(page.items[4]!.id);
    const accounts = await client.financialAccounts({ customerId: 'cus_alice', limit: 25 });
    expect(accounts.items).toHaveLength(25);
    const moves = await client.financialAccountTransactions({
      customerId: 'cus_alice',
      startDate: '2026-02-01T00:00:00Z',
      endDate: '2026-03-01T00:00:00Z',
    });
    expect(moves.items.length).toBeGreaterThan(0);
  });
});
