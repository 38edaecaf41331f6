// @vitest-environment jsdom
// The order screen keeps the place of what is on its way, row for row as what comes (jsdom has no
// layout: the same rows with the same classes are what keep the same size in a browser).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { rows } from '../components/test-rows';
import { createTestServer } from '../../queries/test-server';
import { renderCheckout, US_BUY } from './test-harness';

const WITH_AMOUNT: Partial<CheckoutInit> = { ...US_BUY, prefill: { ...US_BUY.prefill, amount: '100' } };

describe('the order screen while its data is on its way', () => {
  it('keeps the best offer’s place with the offers’ rows: the card in its frame, Compare, the countdown', async () => {
    // The quotes take a moment, as over a network (the in-process server answers at once).
    const server = createTestServer();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes('/payments/crypto/quote')) await new Promise((r) => setTimeout(r, 300));
      return server.fetch(input, init);
    };
    renderCheckout({ init: WITH_AMOUNT, server: { ...server, fetch } });
    const finding = await screen.findByText('Finding offers…', {}, { timeout: 5000 });
    const placeholder = finding.closest('.rc-offers')!;
    const pending = {
      section: rows(placeholder),
      card: rows(placeholder.querySelector('.rc-quote')),
      frame: rows(placeholder.querySelector('.rc-radiogroup__options')),
    };

    await screen.findByRole('radio', { name: /: you get/ }, { timeout: 5000 });
    const offers = screen.getByRole('region', { name: 'Best offer' });
    await waitFor(() => expect(rows(offers)).toContain('rc-countdown'));
    expect(pending.section).toEqual(rows(offers));
    expect(pending.section).toEqual([
      'rc-radiogroup rc-radiogroup--cards',
      'rc-btn rc-btn--ghost',
      'rc-countdown',
    ]);
    expect(pending.frame).toEqual(rows(offers.querySelector('.rc-radiogroup__options')));
    expect(pending.card).toEqual(rows(offers.querySelector('.rc-quote')));
  });
});
