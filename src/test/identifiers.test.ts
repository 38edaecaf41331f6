// One identifier rule for the widget's options, the checkout and the proxy: a value accepted by one
// is accepted by all (the bug it replaces: a 41–64-character method passed the widget, failed the proxy).
import { describe, expect, it } from 'vitest';
import { initialState } from '../checkout';
import { RE } from '../api/proxy/patterns';
import { validateOptions } from '../widget/config';
import { CODE } from '../domain/codes';
import { isHttpUrl } from '../domain/url';

describe('identifier rules', () => {
  const method64 = 'M'.repeat(64);
  it('a 64-character method passes the widget, the checkout and the proxy alike', () => {
    expect(CODE.paymentMethod.test(method64)).toBe(true);
    expect(validateOptions({ paymentMethod: method64 }).paymentMethod).toBe(method64);
    expect(
      initialState({
        direction: 'buy',
        directions: ['buy'],
        prefill: { paymentMethod: method64 },
        locked: [],
        idempotencyKey: 'k',
      }).selection.paymentMethod,
    ).toBe(method64);
    expect(RE.method.test(method64)).toBe(true);
  });

  it('a 65-character method fails all three', () => {
    const method65 = `${method64}M`;
    expect(() => validateOptions({ paymentMethod: method65 })).toThrow(/paymentMethod/);
    expect(RE.method.test(method65)).toBe(false);
  });

  it('currencies with a chain suffix pass everywhere', () => {
    expect(validateOptions({ cryptoCurrency: 'usdc_polygon' }).cryptoCurrency).toBe('USDC_POLYGON');
    expect(RE.currency.test('USDC_POLYGON')).toBe(true);
  });
});

describe('isHttpUrl', () => {
  it('takes absolute http(s) URLs, and same-origin paths when asked', () => {
    expect(isHttpUrl('https://shop.example/thanks')).toBe(true);
    expect(isHttpUrl('/api/ramp')).toBe(false);
    expect(isHttpUrl('/api/ramp', true)).toBe(true);
    expect(isHttpUrl('//evil.example', true)).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
  });
});
