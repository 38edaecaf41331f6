// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n';
import { amountHelp, type AmountHelpInput } from './amountHelp';

const t = createTranslator('en-GB');
// A crypto amount's code follows a no-break space.
const LIMITS = { min: 24, max: 12_000, currencyCode: 'GBP' };
const SELL: AmountHelpInput = {
  direction: 'sell',
  limits: undefined,
  limitsExpected: true,
  rateExpected: true,
  fiatCurrency: 'GBP',
  cryptoCurrency: 'ETH',
};

/** The help as seen, as heard (what is not aria-hidden), and its placeholders' samples. */
function shown(input: AmountHelpInput) {
  const { container } = render(<p>{amountHelp(input, t)}</p>);
  const placeholders = [...container.querySelectorAll('.rc-skeleton-text')];
  placeholders.forEach((p) => expect(p.closest('[aria-hidden="true"]')).not.toBeNull());
  const seen = container.cloneNode(true) as HTMLElement;
  seen.querySelectorAll('.rc-sr-only').forEach((e) => e.remove());
  const heard = container.cloneNode(true) as HTMLElement;
  heard.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return {
    text: seen.textContent,
    heard: heard.textContent,
    placeholders: placeholders.map((p) => p.textContent),
  };
}

describe('the amount’s bounds', () => {
  it('a buy: the sentence from the start, its figures placeholders of their width until the limits come', () => {
    const pending = shown({ ...SELL, direction: 'buy' });
    expect(pending.text).toBe('Between £20.00 and £10,000.00');
    expect(pending.placeholders).toEqual(['£20.00', '£10,000.00']);
    // Silent until its figures are known: never "Between and".
    expect(pending.heard).toBe('');

    expect(shown({ ...SELL, direction: 'buy', limits: LIMITS })).toEqual({
      text: 'Between £24.00 and £12,000.00',
      heard: 'Between £24.00 and £12,000.00',
      placeholders: [],
    });
  });

  it('a sell: the fiat received and, while its price is on its way, the crypto figures’ places', () => {
    expect(shown(SELL).heard).toBe('');
    expect(shown(SELL).placeholders).toEqual([
      '£20.00',
      '£10,000.00',
      '0.012345\u00a0ETH',
      '4.567891\u00a0ETH',
    ]);
    expect(shown({ ...SELL, limits: LIMITS })).toEqual({
      text: 'You receive between £24.00 and £12,000.00 (about 0.012345\u00a0ETH to 4.567891\u00a0ETH)',
      // What is known is heard; the crypto figures on their way are not.
      heard: 'You receive between £24.00 and £12,000.00',
      placeholders: ['0.012345\u00a0ETH', '4.567891\u00a0ETH'],
    });
    expect(shown({ ...SELL, limits: LIMITS, fiatPerCrypto: 2400 })).toEqual({
      text: 'You receive between £24.00 and £12,000.00 (about 0.01\u00a0ETH to 5\u00a0ETH)',
      heard: 'You receive between £24.00 and £12,000.00 (about 0.01\u00a0ETH to 5\u00a0ETH)',
      placeholders: [],
    });
  });

  it('a sell with no price coming (no valid amount) says the fiat bounds only', () => {
    expect(shown({ ...SELL, limits: LIMITS, rateExpected: false })).toEqual({
      text: 'You receive between £24.00 and £12,000.00',
      heard: 'You receive between £24.00 and £12,000.00',
      placeholders: [],
    });
  });

  it('nothing when the route has no limits, or none are coming', () => {
    expect(amountHelp({ ...SELL, limits: null }, t)).toBeUndefined();
    expect(amountHelp({ ...SELL, limitsExpected: false }, t)).toBeUndefined();
  });

  it('before the currency is known, samples in one with a one-character symbol', () => {
    expect(shown({ ...SELL, direction: 'buy', fiatCurrency: undefined }).placeholders).toEqual([
      '€20.00',
      '€10,000.00',
    ]);
  });
});
