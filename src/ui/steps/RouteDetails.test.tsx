// @vitest-environment jsdom
// Where and how the shopper pays, folded into one line under the amounts so that the best offer
// stays on a phone's first screen; unfolded while a question there waits for the shopper.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { renderCheckout, US_BUY } from './test-harness';

const change = () => screen.getByRole('button', { name: 'Change' });

describe("the order screen's country, state and payment method", () => {
  it('are one line of words with "Change", which unfolds their controls and folds them again', async () => {
    const { user } = renderCheckout({ init: US_BUY });
    await waitFor(() => expect(screen.getByText('United States · New York · Credit or debit card')));
    expect(change()).toHaveAttribute('aria-expanded', 'false');
    // (The dots are tied to the word before them by a no-break space.)
    expect(change()).toHaveAccessibleDescription(/^United States\s· New York\s· Credit or debit card$/);
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Payment method' })).toBeNull();

    await user.click(change());
    expect(change()).toHaveAttribute('aria-expanded', 'true');
    const fold = document.getElementById(change().getAttribute('aria-controls')!)!;
    expect(within(fold).getByRole('combobox', { name: 'Country' })).toHaveValue('United States (US)');
    expect(within(fold).getByRole('combobox', { name: 'State' })).toHaveValue('New York (US-NY)');
    expect(within(fold).getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();

    await user.click(within(fold).getByRole('radio', { name: 'Bank transfer (ACH)' }));
    await user.click(change());
    expect(screen.getByText('United States · New York · Bank transfer (ACH)')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
  });

  it('are unfolded while the state is missing, and stay so once it is chosen (focus stays put)', async () => {
    const init: Partial<CheckoutInit> = { ...US_BUY, prefill: { ...US_BUY.prefill, subdivision: undefined } };
    const { user } = renderCheckout({ init });
    const state = await screen.findByRole('combobox', { name: 'State' });
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();

    await user.click(state);
    await user.type(state, 'Texas');
    await user.click(await screen.findByRole('option', { name: 'Texas (US-TX)' }));
    expect(state).toHaveValue('Texas (US-TX)');
    expect(state).toHaveFocus();
    expect(change()).toHaveAttribute('aria-expanded', 'true');
  });

  it('are the summary alone when the merchant locked every one of them', async () => {
    const init: Partial<CheckoutInit> = {
      ...US_BUY,
      locked: ['country', 'subdivision', 'paymentMethod'],
    };
    renderCheckout({ init });
    await waitFor(() => expect(screen.getByText('United States · New York · Credit or debit card')));
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });
});
