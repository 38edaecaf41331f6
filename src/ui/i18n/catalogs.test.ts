// Catalogs other than English load on demand: until then a translator speaks English (keeping the
// asked locale for formatting); one that cannot load leaves English in its place.
import { describe, expect, it, vi } from 'vitest';
import { loadCatalog, loadedCatalog } from './catalogs';
import { createTranslator } from './translator';

vi.mock('./fr', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('loadCatalog', () => {
  it('makes a language speakable once loaded', async () => {
    const before = createTranslator('de-CH');
    expect([before.language, before.locale, before('name.continue')]).toEqual(['en', 'de-CH', 'Continue']);
    expect(loadedCatalog('de')).toBeUndefined();

    await loadCatalog('de');
    const after = createTranslator('de-CH');
    expect([after.language, after.locale, after('name.continue')]).toEqual(['de', 'de-CH', 'Weiter']);
  });

  it('leaves English in place of a catalog that does not load, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(loadCatalog('fr')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"fr" texts did not load'), expect.any(Error));
    expect(createTranslator('fr')('name.continue')).toBe('Continue');
    warn.mockRestore();
  });
});
