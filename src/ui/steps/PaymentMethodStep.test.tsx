// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceTo, renderCheckout, US_BUY } from './harness';

const names = async () =>
  within(await screen.findByRole('radiogroup', { name: 'Payment method' }))
    .getAllByRole('radio')
    .map((r) => r.getAttribute('aria-label') ?? r.closest('label')?.textContent);

describe('payment method step', () => {
  it('shows display names, stores the canonical method, and offers only routed methods', async () => {
    const h = renderCheckout({ init: US_BUY });
    await advanceTo(h, 'paymentMethod');
    await waitFor(async () => expect(await names()).toContain('Google Pay'));
    await h.user.click(screen.getByRole('radio', { name: 'Apple Pay' }));
    expect(h.state().selection.paymentMethod).toBe('APPLE_PAY');

    // POL in New York: only Topper serves it, without Google Pay.
    await h.user.click(screen.getByRole('button', { name: 'Back' }));
    const crypto = await screen.findByRole('combobox', { name: 'Crypto currency' });
    await h.user.click(crypto);
    await h.user.click(await screen.findByRole('option', { name: /^POL · / }));
    await advanceTo(h, 'paymentMethod');
    await waitFor(async () => expect(await names()).not.toContain('Google Pay'));
    expect(await names()).toContain('Bank transfer (ACH)');
  });

  it('says "not available" when no route serves the pair, with a way back', async () => {
    // Only Mercuryo, which does not serve the US: the routes answer [].
    const h = renderCheckout({ init: US_BUY, host: { partners: ['MERCURYO'] } });
    await advanceTo(h, 'paymentMethod');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not available');
    expect(alert).toHaveTextContent('No partner offers USD → ETH here');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.state().step).toBe('paymentMethod');
    await h.user.click(within(alert).getByRole('button', { name: 'Choose other currencies' }));
    expect(await screen.findByRole('heading', { name: 'Choose your currencies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
