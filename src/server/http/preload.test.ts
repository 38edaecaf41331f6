import { describe, expect, it } from 'vitest';
import { bootstrapPreloadLink, bootstrapRequestPath } from './preload';

const path = (qs: string) => bootstrapRequestPath(new URLSearchParams(qs));

describe('the hosted page’s bootstrap preload', () => {
  it('names the request the widget makes for a link with a country', () => {
    expect(path('?country=DE&direction=sell&amount=0.5')).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_OFFRAMP&country=DE',
    );
    expect(path('country=us')).toBe('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US');
    expect(path('country=GB&directions=sell,buy')).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_OFFRAMP&country=GB',
    );
    expect(bootstrapPreloadLink(new URLSearchParams('country=FR'))).toBe(
      '</api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=FR>; rel=preload; as=fetch; crossorigin',
    );
  });

  it('names the opening quote when the link makes one, as the widget asks for it', () => {
    expect(
      path(
        'direction=buy&country=us&subdivision=us-ca&fiatCurrency=usd&cryptoCurrency=btc&network=BITCOIN&paymentMethod=CREDIT_DEBIT_CARD&amount=100&partners=banxa',
      ),
    ).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US&subdivision=US-CA&sourceCurrencyCode=USD&destinationCurrencyCode=BTC&sourceAmount=100&paymentMethodType=CREDIT_DEBIT_CARD&serviceProviders=BANXA',
    );
    // A sell quotes the crypto amount; the US without its state has no price, so no quote is named.
    expect(
      path('direction=sell&country=DE&fiatCurrency=EUR&cryptoCurrency=ETH&paymentMethod=SEPA&amount=0.5'),
    ).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_OFFRAMP&country=DE&sourceCurrencyCode=ETH&destinationCurrencyCode=EUR&sourceAmount=0.5&paymentMethodType=SEPA',
    );
    expect(path('country=US&fiatCurrency=USD&cryptoCurrency=BTC&paymentMethod=CARD&amount=100')).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US',
    );
    expect(path('country=GB&fiatCurrency=GBP&cryptoCurrency=BTC&paymentMethod=CARD&amount=1e3')).toBe(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=GB',
    );
  });

  it('guesses nothing it cannot know or the page will not ask', () => {
    expect(path('')).toBeUndefined(); // the browser's region decides
    expect(path('direction=buy')).toBeUndefined();
    expect(path('country=USA')).toBeUndefined();
    expect(path('country=US&country=DE')).toBeUndefined();
    expect(path('country=US&direction=up')).toBeUndefined();
    expect(path('country=US&directions=buy,hold')).toBeUndefined();
    expect(path('country=US&intent=int_x_secret_y')).toBeUndefined();
    expect(bootstrapPreloadLink(new URLSearchParams('country=<x>'))).toBeUndefined();
  });
});
