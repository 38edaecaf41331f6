// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { BTC_WALLET, ETH_WALLET, advanceTo, renderCheckout, US_BUY } from './test-harness';

const AT_WALLET: Partial<CheckoutInit> = { ...US_BUY, prefill: { ...US_BUY.prefill, amount: '100' } };

describe('wallet step', () => {
  it('checks the address for the chosen chain before going on', async () => {
    const h = renderCheckout({ init: AT_WALLET });
    await advanceTo(h, 'wallet');
    const field = await screen.findByRole('textbox', { name: 'Wallet address' });
    expect(screen.getByText('Your ETH address on Ethereum')).toBeInTheDocument();

    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your wallet address');

    // One letter's case changed: the EIP-55 checksum catches it.
    await h.user.type(field, ETH_WALLET.replace('aAeb', 'aaeb'));
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address has a typo');

    await h.user.clear(field);
    await h.user.type(field, BTC_WALLET);
    await h.user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address belongs to another network than Ethereum',
    );
    expect(h.state().step).toBe('wallet');

    await h.user.clear(field);
    await h.user.type(field, ETH_WALLET);
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review and continue' })).toBeInTheDocument();
    expect(h.state().selection.walletAddress).toBe(ETH_WALLET);
  });
});
