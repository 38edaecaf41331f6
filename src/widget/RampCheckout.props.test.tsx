// @vitest-environment jsdom
// Props after mount: the changes a running checkout can take are applied (the wallet a shopper
// connected meanwhile, the language, the theme), the others warn in development, an invalid change
// is reported and the widget keeps its options.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ETH_WALLET, fakeWindow } from '../ui/steps/test-harness';
import type { RampCheckoutOptions } from './config';
import { CheckoutRoot } from './RampCheckout';
import { choosePartner, expectStatus, next } from './test-flow';
import { createTestServer } from '../queries/test-server';
import { mountWidget, PREFILLED } from './test-mount';

const INTENT_SECRET = 'int_abcdefghijklmnop_secret_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
/** A second valid EIP-55 address (the EIP's own example). */
const CONNECTED_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let popup: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  popup = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

function mountThenChange(first: RampCheckoutOptions) {
  const w = mountWidget(first);
  const change = (props: RampCheckoutOptions) =>
    w.view.rerender(<CheckoutRoot options={{ ...w.opts, ...props }} env={w.env} />);
  return { ...w, change };
}

describe('props changed after mount', () => {
  it('a new walletAddress (locked, as a wallet connect sets it) is the one the session gets', async () => {
    const w = mountThenChange(PREFILLED);
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    w.change({ walletAddress: CONNECTED_WALLET });
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    await expectStatus(/Finish in the Banxa window/);
    const [session] = w.server.sent('/crypto/session/widget', 'POST');
    expect(session?.body).toMatchObject({ sessionData: { walletAddress: CONNECTED_WALLET } });
  });

  // The README's example: the wallet, and its lock, arrive once the shopper connects a wallet.
  const UNTIL_WALLET: RampCheckoutOptions = {
    ...PREFILLED,
    walletAddress: undefined,
    lock: ['cryptoCurrency', 'network'],
  };
  const CONNECTED: RampCheckoutOptions = {
    walletAddress: CONNECTED_WALLET,
    lock: ['cryptoCurrency', 'network', 'walletAddress'],
  };

  it('a wallet connected before the wallet screen spares the shopper that screen, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const w = mountThenChange(UNTIL_WALLET);
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    w.change(CONNECTED);
    await choosePartner(w.user, 'Banxa');
    await next(w.user, 'Review and continue');
    expect(w.events.filter((e) => e.type === 'stepChanged').map((e) => e.step)).not.toContain('wallet');
    await w.user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));
    await expectStatus(/Finish in the Banxa window/);
    const [session] = w.server.sent('/crypto/session/widget', 'POST');
    expect(session?.body).toMatchObject({ sessionData: { walletAddress: CONNECTED_WALLET } });
    expect(warn).not.toHaveBeenCalled();
  });

  it('a wallet connected on the wallet screen fills it in, locked, and follows the page', async () => {
    const w = mountThenChange(UNTIL_WALLET);
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    await next(w.user, 'Your wallet');
    const field = screen.getByRole('textbox', { name: 'Wallet address' });
    expect(field).toHaveValue('');
    w.change(CONNECTED);
    await waitFor(() => expect(field).toHaveValue(CONNECTED_WALLET));
    expect(field).toHaveAttribute('readonly');
    w.change({ ...CONNECTED, walletAddress: ETH_WALLET });
    await waitFor(() => expect(field).toHaveValue(ETH_WALLET));
    await next(w.user, 'Review and continue');
  });

  it('an amount the checkout intent fixes is not changed by a later prop, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = createTestServer();
    const intent = { reference: 'order-1', amount: '100', expiresAt: '2099-01-01T00:00:00Z' };
    const fetchFn: typeof fetch = async (input, init) =>
      String(input).endsWith('/intents/current') ? Response.json({ intent }) : server.fetch(input, init);
    const w = mountWidget({ ...PREFILLED, lock: [], intent: INTENT_SECRET }, { fetch: fetchFn }, server);
    const change = (props: RampCheckoutOptions) =>
      w.view.rerender(<CheckoutRoot options={{ ...w.opts, ...props }} env={w.env} />);
    await screen.findByRole('radiogroup', { name: 'Quotes' });
    expect(w.events.filter((e) => e.type === 'error')).toEqual([]);
    change({ amount: '50' });
    await waitFor(() =>
      expect(w.events).toContainEqual({
        type: 'error',
        code: 'INVALID_OPTIONS',
        message: expect.stringMatching(/amount: the intent fixes "100"; "50" is not used/),
      }),
    );
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/amount: the intent fixes "100"/));
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('100');
  });

  it('a new locale and theme restyle and translate the running widget', async () => {
    const w = mountThenChange({ theme: 'light', locale: 'en' });
    const region = await screen.findByRole('region', { name: 'Crypto checkout' });
    expect(region).not.toHaveClass('rc-dark');
    expect(screen.getByRole('radiogroup', { name: 'Direction' })).toBeInTheDocument();

    w.change({ theme: { mode: 'dark', brandColor: '#ff0066' }, locale: 'es' });
    expect(await screen.findByRole('radiogroup', { name: 'Operación' })).toBeInTheDocument();
    const again = screen.getByRole('region');
    expect(again).toHaveClass('rc-dark');
    expect(again.style.getPropertyValue('--rc-brand')).toBe('#ff0066');
  });

  it("a merchant's own words replace the catalog's, and can change after mount", async () => {
    const w = mountThenChange({ locale: 'en', messages: { en: { 'name.direction': 'Buy or sell' } } });
    expect(await screen.findByRole('radiogroup', { name: 'Buy or sell' })).toBeInTheDocument();
    w.change({ messages: { en: { 'name.direction': 'What to do' } } });
    expect(await screen.findByRole('radiogroup', { name: 'What to do' })).toBeInTheDocument();
  });

  it('a new direction switches the checkout', async () => {
    const w = mountThenChange({ direction: 'buy' });
    expect(await screen.findByRole('radio', { name: 'Buy' })).toBeChecked();
    w.change({ direction: 'sell' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Sell' })).toBeChecked());
  });

  it('warns in development about props that cannot change, and applies none of them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The first data is read at mount only: another one later is neither applied nor warned about.
    const first = (at: number) => ({ request: '/api/ramp/bootstrap?country=FR', answer: { at } });
    const w = mountThenChange({ partners: ['BANXA'], bootstrap: first(1) });
    await screen.findByRole('region', { name: 'Crypto checkout' });
    w.change({ partners: ['TRANSAK'], apiBaseUrl: '/elsewhere', bootstrap: first(2) });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/apiBaseUrl, partners cannot change after the widget has mounted/),
      ),
    );
  });

  it('an invalid change is an error event; the widget keeps its options', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const w = mountThenChange({ theme: 'dark' });
    await screen.findByRole('region', { name: 'Crypto checkout' });
    w.change({ theme: 'purple' as 'dark' });
    await waitFor(() =>
      expect(w.events).toContainEqual(expect.objectContaining({ type: 'error', code: 'INVALID_OPTIONS' })),
    );
    expect(error).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Crypto checkout' })).toHaveClass('rc-dark');
  });
});
