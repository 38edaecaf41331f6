// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceTo, renderCheckout, US_BUY } from './harness';

describe('amount step', () => {
  it('shows the bounds of the method across partners and names the violated one with its currency', async () => {
    const h = renderCheckout({ init: US_BUY });
    await advanceTo(h, 'amount');
    await screen.findByText('Between $15.00 and $10,000.00');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await h.user.type(amount, '5');
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum is $15.00');
    await h.user.clear(amount);
    await h.user.type(amount, '20000');
    expect(await screen.findByRole('alert')).toHaveTextContent('The maximum is $10,000.00');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.state().step).toBe('amount');
    await h.user.clear(amount);
    await h.user.type(amount, '1,250.50');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(h.state().selection.amount).toBe('1250.5');
    expect(await screen.findByRole('heading', { name: 'Choose an offer' })).toBeInTheDocument();
  });

  it('says what to fix for an empty or malformed amount', async () => {
    const h = renderCheckout({ init: US_BUY });
    await advanceTo(h, 'amount');
    await screen.findByText('Between $15.00 and $10,000.00');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount greater than zero');
    await h.user.type(screen.getByRole('textbox', { name: 'Amount' }), '12abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a number');
  });
});
