// @vitest-environment jsdom
// The checkout's first requests leave from the widget's first commit, before the screens' first
// render (the costliest of a checkout), so no request waits for it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestServer, holding } from '../queries/test-server';
import { mountWidget } from './test-mount';

/** Options that make a whole quote: the opening quote comes with the first data. */
const OPENING_OPTIONS = {
  direction: 'buy',
  country: 'GB',
  fiatCurrency: 'GBP',
  cryptoCurrency: 'ETH',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
} as const;

describe('the first requests', () => {
  it('leave before the screens render, which follow at once', async () => {
    const server = createTestServer();
    const shownAtRequest: boolean[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      shownAtRequest.push(document.querySelector('[data-rc]') !== null);
      return server.fetch(input, init);
    };
    mountWidget({ direction: 'buy', country: 'GB', amount: '100' }, { fetch }, server);
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toBeInTheDocument();
    expect(server.sent('/bootstrap')).toHaveLength(1);
    expect(shownAtRequest[0]).toBe(false);
  });

  it('bring the opening quote with the first data when the options make one: no quote request of its own', async () => {
    const server = createTestServer();
    const w = mountWidget(OPENING_OPTIONS, {}, server);
    const quotes = await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(quotes.querySelectorAll('input[type="radio"]').length).toBeGreaterThan(0);
    expect(server.sent('/bootstrap').map((r) => r.path)).toEqual([
      '/bootstrap?category=CRYPTO_ONRAMP&country=GB&sourceCurrencyCode=GBP&destinationCurrencyCode=ETH&sourceAmount=100&paymentMethodType=CREDIT_DEBIT_CARD',
    ]);
    expect(server.sent('/payments/crypto/quote')).toHaveLength(0);

    // Another direction's first data comes without it (the options' quote is a buy).
    await w.user.click(screen.getByRole('radio', { name: 'Sell' }));
    await waitFor(() => expect(server.sent('/bootstrap')).toHaveLength(2));
    expect(server.sent('/bootstrap')[1]!.path).toBe('/bootstrap?category=CRYPTO_OFFRAMP&country=GB');
  });

  it('make the opening offer the one taken while the routes (and their limits) are still on the way', async () => {
    const server = createTestServer();
    const { fetch, release } = holding(server, (url) => url.includes('/supported/routes/'));
    mountWidget(OPENING_OPTIONS, { fetch }, server);
    const quotes = await screen.findByRole('radiogroup', { name: 'Quotes' });
    // The offer shown is selected: a tap on it is never lost while the limits load.
    await waitFor(() => expect(within(quotes).getAllByRole('radio')[0]).toBeChecked());
    expect(server.sent('/network-partner/supported/routes')).toHaveLength(0);
    release();
    await waitFor(() => expect(server.sent('/network-partner/supported/routes')).toHaveLength(1));
    expect(within(quotes).getAllByRole('radio')[0]).toBeChecked();
  });
  it('start the browser’s number formatting while the first data is on its way', async () => {
    const server = createTestServer();
    const { fetch, release } = holding(server, () => true);
    const formats = vi.spyOn(Intl, 'NumberFormat');
    try {
      mountWidget({ direction: 'buy', country: 'GB', amount: '100' }, { fetch }, server);
      // Nothing has come yet: the formatting is started in the wait, not in the screens' render.
      await waitFor(() => expect(formats).toHaveBeenCalled());
      expect(screen.queryByRole('heading', { name: 'Buy crypto' })).toBeNull();
      release();
      expect(await screen.findByRole('heading', { name: 'Buy crypto' })).toBeInTheDocument();
    } finally {
      formats.mockRestore();
    }
  });
});
