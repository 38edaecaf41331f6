// Every language the widget speaks is complete: its catalog has exactly the English keys, each with
// the same placeholders, none empty and most of them translated. Generic over `languages`: a language
// added there, or a key added to en.ts, is checked here without touching this test.
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { catalogLoaders, languages, negotiateLanguage, type Catalog, type Language } from './languages';
import { PARAM } from './translator';

const placeholders = (s: string) => [...s.matchAll(PARAM)].map((m) => m[1]).sort();
const others = languages.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

describe('the catalogs', () => {
  it('speak at least ten languages, each reached by its own tag', () => {
    expect(languages.length).toBeGreaterThanOrEqual(10);
    expect(languages).toEqual(
      expect.arrayContaining(['en', 'de', 'es', 'fr', 'pt', 'it', 'ja', 'zh', 'ko', 'tr']),
    );
    for (const l of languages) expect(negotiateLanguage(l)).toBe(l);
  });

  it.each(others)('%s has exactly the English keys, non-empty, with the same placeholders', async (l) => {
    const c: Catalog = await catalogLoaders[l]();
    expect(Object.keys(c).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(c[key].trim(), `${l} ${key}`).not.toBe('');
      expect(placeholders(c[key]), `${l} ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it.each(others)('%s is translated, not English copied', async (l) => {
    const c: Catalog = await catalogLoaders[l]();
    const keys = Object.keys(en) as MessageKey[];
    const same = keys.filter((k) => c[k] === en[k]);
    // Brand names (Apple Pay, Pix…) and a few shared words stay as they are.
    expect(same.length / keys.length, `${l}: ${same.join(', ')}`).toBeLessThan(0.1);
  });
});
