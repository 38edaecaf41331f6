import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OptionsError, optionNotices, optionsFromQuery, readOptions, validateOptions } from './config';

const issuesOf = (input: unknown): string[] => {
  try {
    validateOptions(input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return (error as OptionsError).issues;
  }
};

describe('validateOptions', () => {
  it('applies defaults to empty options', () => {
    const o = validateOptions(undefined);
    expect(o).toMatchObject({
      apiBaseUrl: '/api/ramp',
      directions: ['buy', 'sell'],
      direction: 'buy',
      lock: [],
    });
    expect(o.launch).toBe('popup');
  });

  it('takes the ranking from the options and from a hosted page URL', () => {
    expect(validateOptions({ ranking: 'value' }).ranking).toBe('value');
    expect(validateOptions(optionsFromQuery('?ranking=expected')).ranking).toBe('expected');
  });

  it('normalises codes and amounts', () => {
    const o = validateOptions({
      direction: 'sell',
      country: 'us',
      subdivision: 'us-ny',
      fiatCurrency: 'usd',
      cryptoCurrency: 'usdc',
      network: 'solana',
      paymentMethod: 'credit_debit_card',
      amount: 250,
      partners: ['banxa'],
    });
    expect(o).toMatchObject({
      direction: 'sell',
      country: 'US',
      subdivision: 'US-NY',
      fiatCurrency: 'USD',
      cryptoCurrency: 'USDC',
      network: 'SOLANA',
      paymentMethod: 'CREDIT_DEBIT_CARD',
      amount: '250',
      partners: ['BANXA'],
    });
  });

  it('uses the entry point default for apiBaseUrl', () => {
    expect(validateOptions({}, { apiBaseUrl: 'https://pay.example/api/ramp' }).apiBaseUrl).toBe(
      'https://pay.example/api/ramp',
    );
  });

  it.each([
    [{ direction: 'swap' }, 'direction must be one of "buy", "sell"'],
    [{ directions: ['buy'], direction: 'sell' }, 'direction "sell" is not among directions'],
    [{ country: 'USA' }, 'country "USA" is not a valid code'],
    [{ country: 'US', subdivision: 'CA-ON' }, 'subdivision "CA-ON" is not in country "US"'],
    [{ subdivision: 'US-NY' }, 'subdivision "US-NY" needs its country: set country "US" too'],
    [{ amount: '-5' }, 'amount must be a positive decimal'],
    [{ amount: '1e5' }, 'amount must be a positive decimal'],
    [{ amount: 0 }, 'amount must be a positive number'],
    [{ paymentMethod: 'Credit or debit card' }, 'paymentMethod "CREDIT OR DEBIT CARD" is not a valid code'],
    [{ lock: ['walletAddress'] }, 'lock: "walletAddress" is locked but has no value'],
    [{ lock: ['theme'] }, 'lock: "theme" cannot be locked'],
    [{ launch: 'iframe' }, 'launch must be one of "popup", "tab", "redirect"'],
    [{ ranking: 'cheapest' }, 'ranking must be one of "value", "expected"'],
    [{ redirectUrl: 'javascript:alert(1)' }, 'redirectUrl must be an absolute http(s) URL'],
    [{ apiBaseUrl: '//evil.example' }, 'apiBaseUrl must be an http(s) URL'],
    [{ theme: 42 }, 'theme must be "light", "dark", "auto" or a token object'],
    [{ theme: 'purple' }, 'theme "purple" is not "light", "dark" or "auto"'],
    [{ theme: { mode: 'night' } }, 'theme.mode "night" is not "light", "dark" or "auto"'],
    [{ theme: { brandColour: '#f00' } }, 'theme.brandColour is not a theme token'],
    [{ theme: { radius: 'round' } }, 'theme.radius is not a valid CSS length: "round"'],
    [
      { locale: 'sv-SE' },
      'locale "sv-SE" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
    ],
    [{ defaultLocale: 'nl' }, 'defaultLocale "nl" is not a supported language (en, es,'],
    [{ onEvent: 'alert' }, 'onEvent must be a function'],
    [{ colour: 'red' }, 'unknown option "colour"'],
    [{ directions: [] }, 'directions must not be empty'],
    [{ directions: 'buy' }, 'directions must be an array of strings'],
    [{ directions: ['buy', 'swap'] }, 'directions may hold only "buy" and "sell" (got "swap")'],
    [{ partners: ['banxa', 'no such'] }, 'partners: "NO SUCH" is not a partner id'],
    [{ intent: 'int_x' }, 'intent must be the clientSecret of a checkout intent'],
  ])('refuses %j with a message that says what to fix', (input, message) => {
    expect(issuesOf(input).join('\n')).toContain(message);
  });

  it('lists every problem at once, the theme’s and the locale’s among them', () => {
    expect(issuesOf({ direction: 'x', country: '1', amount: 'lots' })).toHaveLength(3);
    expect(issuesOf({ direction: 'x', theme: { mode: 'dim', bogus: '1' }, locale: 'xx' })).toHaveLength(4);
  });

  it('checks how options relate even when others are wrong, and only between valid ones', () => {
    expect(issuesOf({ country: 'US', subdivision: 'CA-ON', amount: 'lots', colour: 1 })).toHaveLength(3);
    expect(issuesOf({ lock: ['walletAddress'], walletAddress: 'two words' })).toEqual([
      'walletAddress must be a single address without spaces (at most 128 characters)',
    ]);
  });

  it('accepts a lock of direction when only one direction is allowed', () => {
    expect(validateOptions({ directions: ['sell'], lock: ['direction'] }).lock).toEqual(['direction']);
  });

  it('counts null and "" as left out, but for onEvent and theme, which they are no value of', () => {
    const o = validateOptions({ country: null, amount: '', remember: '', lock: null, locale: '' });
    expect(o).toMatchObject({ country: undefined, amount: undefined, remember: true, lock: [] });
    expect(issuesOf({ onEvent: null })).toEqual(['onEvent must be a function']);
    expect(issuesOf({ theme: '' })).toEqual(['theme "" is not "light", "dark" or "auto"']);
  });

  it('trims what it is given and drops blank list entries', () => {
    expect(
      validateOptions({ walletAddress: ' 0xabc ', directions: [' sell ', ''], partners: [' banxa '] }),
    ).toMatchObject({ walletAddress: '0xabc', directions: ['sell'], direction: 'sell', partners: ['BANXA'] });
    expect(issuesOf({ country: '  ' })).toEqual(['country "" is not a valid code (e.g. "US")']);
  });

  it('reads remember as a boolean, "true"/"false" or 1/0', () => {
    expect(validateOptions(optionsFromQuery('remember=0')).remember).toBe(false);
    expect(validateOptions({ remember: 'true' }).remember).toBe(true);
    expect(issuesOf({ remember: 'yes' })).toEqual(['remember must be true or false (got "yes")']);
  });

  it('lists unknown options first, then option by option, then between options', () => {
    const issues = issuesOf({
      colour: 1,
      amount: 'x',
      direction: 'swap',
      country: 'US',
      subdivision: 'CA-ON',
    });
    expect(issues.map((i) => i.split(' ')[0])).toEqual(['unknown', 'direction', 'amount', 'subdivision']);
    expect(issuesOf({ locale: '1' })).toEqual([
      'locale "1" is not a BCP 47 tag (e.g. "en-US")',
      'locale "1" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
    ]);
  });

  it('never throws anything but an OptionsError, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        issuesOf(input);
      }),
    );
  });
});

describe('readOptions: the options as the widget takes them', () => {
  it('goes on without a language it cannot speak, which optionNotices names', () => {
    const input = { direction: 'sell' as const, locale: 'nl-NL', defaultLocale: 'pl' };
    const o = readOptions(input);
    expect(o.direction).toBe('sell');
    expect('locale' in o || 'defaultLocale' in o).toBe(false);
    expect(optionNotices(input)).toEqual([
      'locale "nl-NL" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
      'defaultLocale "pl" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
    ]);
    // validateOptions, a merchant's own check, still refuses them.
    expect(issuesOf(input)).toEqual(optionNotices(input));
  });

  it('keeps the languages it speaks, and names nothing', () => {
    const input = { locale: 'de-AT', defaultLocale: 'fr' };
    expect(readOptions(input)).toMatchObject(input);
    expect(optionNotices(input)).toEqual([]);
    expect(optionNotices({ locale: 42 })).toEqual(['locale must be a string']);
  });

  it('refuses what else is wrong, listing the language’s problem with it', () => {
    expect(() => readOptions({ direction: 'up', locale: 'C' })).toThrow(
      new OptionsError([
        'direction must be one of "buy", "sell" (got "up")',
        'locale "C" is not a BCP 47 tag (e.g. "en-US")',
        'locale "C" is not a supported language (en, es, fr, de, pt, it, ja, zh, ko, tr)',
      ]),
    );
  });
});

describe('optionsFromQuery', () => {
  it('reads lists, theme tokens and plain options; leaves out passthrough parameters', () => {
    const raw = optionsFromQuery(
      '?direction=sell&cryptoCurrency=ETH&network=ETHEREUM&lock=cryptoCurrency,network&theme=dark&theme.brandColor=%23ff0066&parentOrigin=https%3A%2F%2Fshop.example',
      ['parentOrigin'],
    );
    expect(raw).toEqual({
      direction: 'sell',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
      lock: ['cryptoCurrency', 'network'],
      theme: { mode: 'dark', brandColor: '#ff0066' },
    });
    expect(validateOptions(raw).lock).toEqual(['cryptoCurrency', 'network']);
  });

  it('cannot set a callback from a URL', () => {
    expect(issuesOf(optionsFromQuery('onEvent=alert(1)'))).toContain('onEvent must be a function');
  });

  it('turns any query string into options or a clear OptionsError', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 8 }), (pairs) => {
        issuesOf(optionsFromQuery(new URLSearchParams(pairs)));
      }),
    );
  });
});
