import { describe, expect, it } from 'vitest';
import { de } from './locales/de';
import { es } from './locales/es';
import { fr } from './locales/fr';
import { en, hasLanguage, loadLanguage, stepMessages } from './messages';

const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the steps' own messages", () => {
  it.each(Object.entries({ es, fr, de }))(
    '%s has exactly the English keys, non-empty, with the same placeholders',
    (_, c) => {
      expect(Object.keys(c).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(c[key].trim(), key).not.toBe('');
        expect(params(c[key]), key).toEqual(params(en[key]));
      }
    },
  );

  it('load with the kit catalog of their language', async () => {
    expect(hasLanguage('en')).toBe(true);
    expect(hasLanguage('es')).toBe(false);
    await loadLanguage('es');
    expect(hasLanguage('es')).toBe(true);
    expect(stepMessages('es')).toBe(es);
  });
});
