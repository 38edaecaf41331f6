// @vitest-environment jsdom
// A pair no partner serves here is one problem, said once: "Not available" with the routes' words,
// whether the routes or a quote asked beside them comes back first.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestServer, holding } from '../queries/test-server';
import type { RampCheckoutOptions } from './config';
import { mountWidget } from './test-mount';

// The merchant works with TOPPER only, which does not sell SOL.
const TOPPER_SOL: RampCheckoutOptions = {
  partners: ['TOPPER'],
  direction: 'buy',
  country: 'US',
  subdivision: 'US-CA',
  fiatCurrency: 'USD',
  cryptoCurrency: 'SOL',
  network: 'SOLANA',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
};

describe('a pair no partner serves', () => {
  it('is one "Not available", in the routes’ words, when the quote’s refusal came first', async () => {
    const server = createTestServer();
    const { fetch, release } = holding(server, (url) => url.includes('/supported/routes/'));
    mountWidget(TOPPER_SOL, { fetch }, server);
    const checkout = await screen.findByRole('region', { name: 'Crypto checkout' });
    // The opening quote was asked with the first data, and refused, before the routes came.
    await waitFor(() =>
      expect(within(checkout).getByRole('alert')).toHaveTextContent('No partner can quote'),
    );
    release();
    await waitFor(() =>
      expect(within(checkout).getByRole('alert')).toHaveTextContent('No partner offers USD → SOL'),
    );
    expect(within(checkout).getAllByRole('alert')).toHaveLength(1);
    expect(within(checkout).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});
