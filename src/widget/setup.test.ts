import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateOptions } from './config';
import { browserRegion, checkoutInit, persistenceKey, randomUuid } from './setup';

afterEach(() => vi.unstubAllGlobals());

describe('widget setup', () => {
  it('derives the same storage key for the same options and another for other ones', () => {
    const a = validateOptions({ cryptoCurrency: 'ETH', onEvent: () => {} });
    const b = validateOptions({ cryptoCurrency: 'ETH', theme: 'dark' });
    const c = validateOptions({ cryptoCurrency: 'BTC' });
    // Each page's first data is another answer: the checkout in progress is still found after a reload.
    const d = validateOptions({ cryptoCurrency: 'ETH', bootstrap: { request: '/x', answer: { at: 1 } } });
    expect(persistenceKey(a)).toBe(persistenceKey(b));
    expect(persistenceKey(d)).toBe(persistenceKey(a));
    expect(persistenceKey(a)).not.toBe(persistenceKey(c));
  });

  it('turns options into the checkout’s start, knowing the US needs a state', () => {
    const init = checkoutInit(validateOptions({ country: 'us', amount: 50, lock: ['country'] }), 'k');
    expect(init).toMatchObject({
      prefill: { country: 'US', amount: '50' },
      locked: ['country'],
      requiresSubdivision: true,
      idempotencyKey: 'k',
    });
    expect(checkoutInit(validateOptions({ country: 'DE' }), 'k').requiresSubdivision).toBe(false);
    expect(checkoutInit(validateOptions({}), 'k').requiresSubdivision).toBeUndefined();
  });

  it('reads the region of the preferred language', () => {
    vi.stubGlobal('navigator', { languages: ['de', 'fr-CA', 'en-US'], language: 'de' });
    expect(browserRegion()).toBe('CA');
    vi.stubGlobal('navigator', { languages: [], language: 'zh-Hant-TW' });
    expect(browserRegion()).toBe('TW');
  });

  it('makes v4 UUIDs', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
