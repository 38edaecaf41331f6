import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyUpdate, parseOrigin, readHostedConfig } from './hostedConfig';

describe('readHostedConfig', () => {
  it('turns the query string into options, lists split at commas', () => {
    const config = readHostedConfig(
      '?direction=sell&cryptoCurrency=ETH&network=ETHEREUM&walletAddress=0xabc&lock=walletAddress,cryptoCurrency&theme.brandColor=%23ff0066&parentOrigin=https://shop.example',
    );
    expect(config).toEqual({
      ok: true,
      parentOrigin: 'https://shop.example',
      options: {
        direction: 'sell',
        cryptoCurrency: 'ETH',
        network: 'ETHEREUM',
        walletAddress: '0xabc',
        lock: ['walletAddress', 'cryptoCurrency'],
        theme: { brandColor: '#ff0066' },
      },
    });
  });

  it('accepts an empty query (everything chosen in the widget)', () => {
    expect(readHostedConfig('')).toEqual({ ok: true, options: {}, parentOrigin: null });
  });

  it('takes a link whose language the checkout cannot speak (the widget says so, and speaks the shopper’s)', () => {
    expect(readHostedConfig('?locale=nl-NL&defaultLocale=C')).toEqual({
      ok: true,
      options: { locale: 'nl-NL', defaultLocale: 'C' },
      parentOrigin: null,
    });
    // Listed with the link's other problems, when there are some.
    const config = readHostedConfig('?direction=up&locale=nl');
    expect(config.ok ? [] : config.issues).toEqual([
      'direction must be one of "buy", "sell" (got "up")',
      'locale "nl" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
    ]);
  });

  it('lists every problem, each saying what to fix', () => {
    const config = readHostedConfig(
      '?direction=up&country=USA&lock=amount&colour=red&parentOrigin=https://shop.example/pay&apiBaseUrl=https://evil.example&onEvent=alert',
    );
    expect(config.ok).toBe(false);
    const issues = config.ok ? [] : config.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^parentOrigin "https:\/\/shop.example\/pay" is not an origin: .*scheme:\/\/host/,
        ),
        expect.stringMatching(/^apiBaseUrl cannot be set on the hosted page/),
        expect.stringMatching(/^onEvent cannot be set on the hosted page/),
        expect.stringMatching(/^direction must be one of "buy", "sell" \(got "up"\)/),
        expect.stringMatching(/^country "USA" is not a valid code/),
        expect.stringMatching(/^lock: "amount" is locked but has no value/),
        expect.stringMatching(/^unknown option "colour"/),
      ]),
    );
    expect(issues).toHaveLength(7);
  });

  it('refuses a parameter given twice rather than guessing which one counts', () => {
    const config = readHostedConfig('?country=US&country=FR');
    expect(config).toEqual({ ok: false, issues: ['country is given more than once; give it once'] });
  });
});

describe('parseOrigin', () => {
  it('accepts scheme://host[:port] and normalises it as MessageEvent.origin does', () => {
    expect(parseOrigin('https://shop.example')).toBe('https://shop.example');
    expect(parseOrigin('https://Shop.Example:443/')).toBe('https://shop.example');
    expect(parseOrigin('http://localhost:8788')).toBe('http://localhost:8788');
  });

  it('refuses anything that is not an http(s) origin', () => {
    for (const value of [
      '*',
      'null',
      '',
      'shop.example',
      '//shop.example',
      'https://shop.example/path',
      'https://shop.example?x=1',
      'https://shop.example#x',
      'https://user:pw@shop.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://shop.example https://evil.example',
    ]) {
      expect(parseOrigin(value), value).toBeNull();
    }
  });

  it('round-trips every web URL’s origin and refuses the URL once it has a path', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (href) => {
        const url = new URL(href);
        expect(parseOrigin(url.origin)).toBe(url.origin);
        if (url.pathname !== '/' || url.search || url.hash) expect(parseOrigin(url.href)).toBeNull();
      }),
    );
  });
});

describe('applyUpdate', () => {
  const current = { direction: 'buy' as const, cryptoCurrency: 'ETH', network: 'ETHEREUM' };

  it('merges a valid update', () => {
    expect(applyUpdate(current, { amount: '250', cryptoCurrency: 'USDC' })).toEqual({
      ok: true,
      options: { direction: 'buy', cryptoCurrency: 'USDC', network: 'ETHEREUM', amount: '250' },
    });
  });

  it('refuses an invalid result, a non-object, and options the page owns', () => {
    expect(applyUpdate(current, { directions: ['sell'] })).toEqual({
      ok: false,
      issues: ['direction "buy" is not among directions (sell)'],
    });
    expect(applyUpdate(current, ['x'])).toEqual({ ok: false, issues: ['options must be an object'] });
    const owned = applyUpdate(current, { apiBaseUrl: 'https://evil.example/api' });
    expect(owned).toEqual({ ok: false, issues: [expect.stringMatching(/^apiBaseUrl cannot be set/)] });
  });
});
