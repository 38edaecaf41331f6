// What the option table (options.ts) drives: the option names, the defaults, what a running checkout
// takes in place and the hosted page's lists. Each option's own check: config.test.ts.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RampCheckoutOptions, ValidOptions } from './config';
import { OptionsError, optionsFromQuery, validateOptions } from './config';
import { OPTIONS, type OptionName, type OptionSpec } from './options';
import { restartKey } from './useLiveOptions';

const table = Object.entries<OptionSpec<unknown>>(OPTIONS);
const names = (keep: (option: OptionSpec<unknown>) => boolean) =>
  table.filter(([, option]) => keep(option)).map(([name]) => name);

describe('the option table', () => {
  it('has an entry for each option of the public types, and none else', () => {
    expectTypeOf<OptionName>().toEqualTypeOf<keyof RampCheckoutOptions>();
    expectTypeOf<OptionName>().toEqualTypeOf<keyof ValidOptions>();
    // Cleaned options are options: validated again, they stay as they are.
    expectTypeOf<ValidOptions>().toExtend<RampCheckoutOptions>();
  });

  it('names every option when one is unknown', () => {
    const error = (() => {
      try {
        validateOptions({ colour: 'red' });
      } catch (e) {
        return e as OptionsError;
      }
    })();
    expect(error).toBeInstanceOf(OptionsError);
    expect(error!.issues).toEqual([`unknown option "colour" (known: ${Object.keys(OPTIONS).join(', ')})`]);
  });

  it('gives options left out their defaults, each list a copy of its own', () => {
    const valid = validateOptions({});
    const defaults = table.filter(([, option]) => option.default !== undefined);
    expect(defaults.map(([name]) => name)).toEqual(expect.arrayContaining(['apiBaseUrl', 'lock']));
    for (const [name, option] of defaults) expect(valid[name as OptionName]).toEqual(option.default);
    expect(valid.direction).toBe('buy');
    valid.lock.push('amount');
    expect(validateOptions({}).lock).toEqual([]);
    expect(validateOptions({}, { apiBaseUrl: 'https://pay.example/api/ramp' }).apiBaseUrl).toBe(
      'https://pay.example/api/ramp',
    );
  });

  it('starts a running checkout over for a new value of each option it does not take in place', () => {
    const kept = names((o) => o.after !== undefined);
    expect(kept).toEqual(expect.arrayContaining(['walletAddress', 'onEvent', 'bootstrap']));
    const start = restartKey({});
    for (const name of kept) expect(restartKey({ [name]: 'changed' }), name).toBe(start);
    for (const name of names((o) => o.after === undefined && o !== OPTIONS.lock))
      expect(restartKey({ [name]: 'changed' }), name).not.toBe(start);
    // The wallet's lock applies in place; any other lock starts over.
    expect(restartKey({ lock: ['walletAddress'] })).toBe(start);
    expect(restartKey({ lock: ['walletAddress', 'amount'] })).not.toBe(start);
  });

  it("reads the lists from a hosted page's query string comma-separated, and only those", () => {
    const lists = names((o) => !!o.check.list);
    expect(lists).toEqual(expect.arrayContaining(['directions', 'partners']));
    for (const [name] of table) {
      if (name === 'onEvent' || name === 'theme') continue; // not from a URL; theme also takes tokens
      const value = (optionsFromQuery(`${name}=a,b`) as Record<string, unknown>)[name];
      expect(value, name).toEqual(lists.includes(name) ? ['a', 'b'] : 'a,b');
    }
  });
});
