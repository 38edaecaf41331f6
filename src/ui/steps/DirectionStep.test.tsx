// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderCheckout } from './harness';

describe('direction step', () => {
  it('offers Buy and Sell as a radiogroup and moves on with Continue', async () => {
    const h = renderCheckout();
    const group = screen.getByRole('radiogroup', { name: 'Direction' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked();
    await h.user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(h.state().selection.direction).toBe('sell');
    // One forward button on the screen, named exactly "Continue"; no Back on the first step.
    expect(screen.getAllByRole('button', { name: 'Continue' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Where do you live?' })).toHaveFocus();
    await h.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'What would you like to do?' })).toHaveFocus();
  });

  it('is skipped when only one direction is offered', async () => {
    renderCheckout({ init: { directions: ['sell'] } });
    expect(await screen.findByRole('combobox', { name: 'Country' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
  });
});
