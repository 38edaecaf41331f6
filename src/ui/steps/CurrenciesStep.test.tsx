// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceTo, renderCheckout } from './harness';

describe('currencies step', () => {
  it('lists crypto with its network, tells apart the same code on two chains, and shows icons', async () => {
    const h = renderCheckout({
      init: { direction: 'buy', requiresSubdivision: true, prefill: { country: 'US', subdivision: 'US-NY' } },
    });
    await advanceTo(h, 'currencies');
    const fiat = await screen.findByRole('combobox', { name: 'Fiat currency' });
    await waitFor(() => expect(fiat).toHaveValue('USD · US Dollar'));
    const crypto = screen.getByRole('combobox', { name: 'Crypto currency' });
    await h.user.click(crypto);
    await h.user.type(crypto, 'usdc');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'USDC · USD Coin · ETHEREUM',
      'USDC · USD Coin · SOLANA',
    ]);
    // symbol is an image URL: shown as an image, not as text.
    const icon = within(options[1] as HTMLElement).getByRole('presentation', { hidden: true });
    expect(icon.tagName).toBe('IMG');
    expect(icon.getAttribute('src')).toMatch(/^http:\/\/localhost\/sandbox\/assets\//);
    await h.user.click(screen.getByRole('option', { name: 'USDC · USD Coin · SOLANA' }));
    expect(h.state().selection.crypto).toMatchObject({ currencyCode: 'USDC', chainCode: 'SOLANA' });
    expect(h.state().selection.crypto?.contract).toBeTruthy();
    expect(h.state().context.cryptoDecimals).toBe(6);
    expect(h.state().context.fiatDecimals).toBe(2);
  });

  it('keeps the crypto to a locked network', async () => {
    const h = renderCheckout({
      init: {
        direction: 'buy',
        requiresSubdivision: false,
        prefill: { country: 'GB', network: 'SOLANA' },
        locked: ['network'],
      },
    });
    await advanceTo(h, 'currencies');
    const crypto = await screen.findByRole('combobox', { name: 'Crypto currency' });
    await waitFor(() => expect((crypto as HTMLInputElement).value).toMatch(/· SOLANA$/));
    await h.user.click(crypto);
    expect(screen.getAllByRole('option').every((o) => o.textContent?.endsWith('· SOLANA'))).toBe(true);
  });
});

describe('currencies step, nothing served', () => {
  it('says "not available" for a locked country this direction does not serve', async () => {
    // Nigeria is served for buying only.
    const h = renderCheckout({
      init: {
        direction: 'sell',
        prefill: { country: 'NG' },
        locked: ['country'],
        requiresSubdivision: false,
      },
    });
    await advanceTo(h, 'currencies');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This country is not supported in this direction. Choose another one.',
    );
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
