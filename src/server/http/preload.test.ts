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
