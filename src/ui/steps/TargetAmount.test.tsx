// @vitest-environment jsdom
// "You get" takes the amount to receive: the amount to pay is found from quotes (at most three for
// one entry), shown as "≈ …", and is the amount the offers and the session go by.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { renderCheckout, US_BUY } from './test-harness';

const BTC_BUY: Partial<CheckoutInit> = {
  ...US_BUY,
  prefill: { ...US_BUY.prefill, cryptoCurrency: 'BTC', network: 'BITCOIN', amount: '100' },
};

describe('an amount to receive', () => {
  it('on a buy, finds the fiat amount whose best quote delivers 0.01 to 0.0102 BTC, in at most three quotes', async () => {
    const h = renderCheckout({ init: BTC_BUY });
    await screen.findByRole('radio', { name: /: you get/ }, { timeout: 5000 });
    const quotes = () => h.server.sent('/payments/crypto/quote', 'POST').length;
    const before = quotes();
    const get = screen.getByRole('textbox', { name: 'You get' });
    await h.user.clear(get);
    await h.user.type(get, '0.01');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(amount).not.toHaveValue('100'), { timeout: 5000 });
    await waitFor(() => expect(h.data().quote?.sourceAmount).toBe(Number(h.state().selection.amount)), {
      timeout: 5000,
    });
    const best = h.data().quote!;
    expect(best.destinationAmount).toBeGreaterThanOrEqual(0.01);
    expect(best.destinationAmount).toBeLessThanOrEqual(0.0102);
    expect(amount).toHaveValue(h.state().selection.amount);
    expect(screen.getByText(/^≈ [\d,]+\.\d\d$/)).toBeInTheDocument();
    expect(quotes() - before).toBeLessThanOrEqual(3);
    expect(quotes() - before).toBeGreaterThan(0);
    // What the shopper typed stays theirs.
    expect(get).toHaveValue('0.01');
  });

  it('holds the amount at the route’s limit when the crypto asked lies beyond it, and says so', async () => {
    const h = renderCheckout({ init: BTC_BUY });
    await screen.findByRole('radio', { name: /: you get/ }, { timeout: 5000 });
    const get = screen.getByRole('textbox', { name: 'You get' });
    await h.user.clear(get);
    await h.user.type(get, '100');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(/^The maximum is \$[\d,]+\.00$/);
    const max = h.data().facts.limits!.max;
    await waitFor(() => expect(Number(h.state().selection.amount)).toBe(max));
  });

  it('on a sell, "You receive" takes the fiat to receive', async () => {
    const h = renderCheckout({
      init: { ...BTC_BUY, direction: 'sell', prefill: { ...BTC_BUY.prefill, amount: '0.01' } },
    });
    await screen.findByRole('radio', { name: /: you get/ }, { timeout: 5000 });
    const receive = screen.getByRole('textbox', { name: 'You receive' });
    await h.user.clear(receive);
    await h.user.type(receive, '300');
    await waitFor(() => expect(h.state().selection.amount).not.toBe('0.01'), { timeout: 5000 });
    await waitFor(() => expect(h.data().quote?.sourceAmount).toBe(Number(h.state().selection.amount)), {
      timeout: 5000,
    });
    expect(h.data().quote!.destinationAmount).toBeGreaterThanOrEqual(300);
    expect(h.data().quote!.destinationAmount).toBeLessThanOrEqual(306);
  });
});
