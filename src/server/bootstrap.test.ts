// `ramp.bootstrap(request, options)`: the first data of a checkout, asked in process while the
// merchant's server makes the page, for the widget's `bootstrap` option (the widget's side:
// src/widget/RampCheckout.first-data.test.tsx).
import { describe, expect, it } from 'vitest';
import { bootstrapQuery, openingQuote } from '../api/bootstrap';
import { testServer } from './testing/server';

const ramp = testServer().server;

const SHOPPER = { ip: '203.0.113.8' };
const shopper = (language = 'en-US') =>
  new Request('https://shop.example/checkout', { headers: { 'Accept-Language': language } });
const OPTIONS = {
  direction: 'buy' as const,
  country: 'us',
  subdivision: 'US-NY',
  fiatCurrency: 'USD',
  cryptoCurrency: 'ETH',
  network: 'ETHEREUM',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: 100,
};

describe('ramp.bootstrap', () => {
  it('answers the request the widget makes for the same options, its opening quote included', async () => {
    const first = (await ramp.bootstrap(shopper(), OPTIONS, SHOPPER))!;
    // The widget's own request for these options (api/bootstrap.ts, as widget/RampCheckout.tsx asks it).
    const quote = openingQuote({ ...OPTIONS, country: 'US', amount: '100' });
    expect(first.request).toBe(
      `/api/ramp/bootstrap?${new URLSearchParams(bootstrapQuery('CRYPTO_ONRAMP', 'US', quote)).toString()}`,
    );
    const answer = first.answer as { country: string; quote: { quotes: { destinationAmount: number }[] } };
    expect(answer.country).toBe('US');
    expect(answer.quote.quotes[0]!.destinationAmount).toBeGreaterThan(0);
    // What the route itself answers a browser, no more; and JSON-safe, to pass to a page.
    const direct = await ramp.fetch(new Request(`https://shop.example${first.request}`), SHOPPER);
    expect(Object.keys(answer).sort()).toEqual(Object.keys((await direct.json()) as object).sort());
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });

  it('is undefined when the options do not say the first request (no country, no direction)', async () => {
    expect(await ramp.bootstrap(shopper(), { ...OPTIONS, country: '' }, SHOPPER)).toBeUndefined();
    expect(
      await ramp.bootstrap(shopper(), { ...OPTIONS, country: 'United States' }, SHOPPER),
    ).toBeUndefined();
    expect(
      await ramp.bootstrap(shopper(), { ...OPTIONS, direction: 'up' as 'buy' }, SHOPPER),
    ).toBeUndefined();
  });
});
