// @vitest-environment jsdom
// Issue 14 on the screens, against the sandbox behind the real server: an incomplete quote does not
// hide the other offers; a partner without by-session lookups still reaches Completed; 2FA sends the
// shopper to the partner's verification page; the partner and explorer links; an XRP buy asks for
// its destination tag and sends it.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { createTestServer } from '../../queries/test-server';
import { ETH_WALLET, advanceTo, fakeWindow, renderCheckout, US_BUY } from './test-harness';
import { partnerName } from './partners';

const AT_QUOTES: Partial<CheckoutInit> = { ...US_BUY, prefill: { ...US_BUY.prefill, amount: '100' } };
const AT_LAUNCH: Partial<CheckoutInit> = {
  ...US_BUY,
  prefill: { ...AT_QUOTES.prefill, walletAddress: ETH_WALLET },
};
const XRP_WALLET = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

beforeEach(() => {
  vi.spyOn(window, 'open').mockImplementation(() => fakeWindow() as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

/** The order screen shows the best offer; the comparison lists them all. */
async function compareOffers(h: ReturnType<typeof renderCheckout>) {
  await h.user.click(await screen.findByRole('button', { name: /^Compare \d+ offers$/ }, { timeout: 5000 }));
}

const status = () => screen.getByRole('status', { name: 'Transaction status' });

async function launch(h: ReturnType<typeof renderCheckout>) {
  await advanceTo(h, 'launch');
  const partner = partnerName(h.partner());
  await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
  await waitFor(() => expect(h.state().tracking?.sessionId).toBeTruthy());
  return { partner, sessionId: h.state().tracking!.sessionId };
}

describe('what the service returns, on the screens', () => {
  it('one partner’s incomplete quote: the other offers are still shown', async () => {
    const complete = renderCheckout({ init: AT_QUOTES });
    await advanceTo(complete, 'quotes');
    await compareOffers(complete);
    const all = await screen.findAllByRole('radio', { name: /: you get/ });
    const names = all.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? '');
    expect(names.some((n) => n.startsWith('TRANSAK') || n.includes('Transak'))).toBe(true);
    complete.view.unmount();

    const server = createTestServer({ scenarios: { incompleteQuotes: { TRANSAK: ['destinationAmount'] } } });
    const h = renderCheckout({ init: AT_QUOTES, server });
    await advanceTo(h, 'quotes');
    await compareOffers(h);
    await waitFor(() =>
      expect(screen.getAllByRole('radio', { name: /: you get/ })).toHaveLength(all.length - 1),
    );
    expect(screen.queryByRole('radio', { name: /^(TRANSAK|Transak):/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a partner that cannot be looked up by session still reaches Completed, with its links', async () => {
    const server = createTestServer({
      timeScale: 0.02,
      scenarios: { bySessionUnsupported: ['BANXA', 'TRANSAK', 'PAYBIS', 'TOPPER', 'MERCURYO'] },
    });
    const h = renderCheckout({ init: AT_LAUNCH, server });
    const { partner, sessionId } = await launch(h);
    await server.act(sessionId, 'pay');
    await waitFor(() => expect(status()).toHaveTextContent('Completed'), { timeout: 5000 });
    expect(screen.getByRole('link', { name: `View at ${partner}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/sandbox\..+\.example\/orders\//),
    );
    expect(screen.getByRole('link', { name: 'View on the blockchain explorer' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/),
    );
  });

  it('TWO_FA_REQUIRED sends the shopper to the partner’s verification page', async () => {
    const server = createTestServer({
      timeScale: 0.5,
      scenarios: { twoFactor: ['BANXA', 'TRANSAK', 'PAYBIS', 'TOPPER', 'MERCURYO'] },
    });
    const h = renderCheckout({ init: AT_LAUNCH, server });
    const { partner, sessionId } = await launch(h);
    await server.act(sessionId, 'pay');
    const verify = await screen.findByRole('link', { name: `Verify at ${partner}` }, { timeout: 5000 });
    expect(verify).toHaveAttribute('href', `http://localhost/api/ramp/sandbox/provider/verify/${sessionId}`);
    expect(status()).toHaveTextContent(`${partner} needs you to confirm this payment`);
  });

  it('an XRP buy asks for the destination tag, checks it and sends it', async () => {
    const h = renderCheckout({
      init: {
        ...US_BUY,
        prefill: { ...US_BUY.prefill, cryptoCurrency: 'XRP', network: 'XRP_LEDGER', amount: '100' },
      },
    });
    await advanceTo(h, 'wallet');
    await h.user.type(await screen.findByRole('textbox', { name: 'Wallet address' }), XRP_WALLET);
    const tag = screen.getByRole('textbox', { name: 'Destination tag' });
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the destination tag');
    await h.user.type(tag, 'abc');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A destination tag is a whole number');
    await h.user.clear(tag);
    await h.user.type(tag, '12345');
    await h.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(h.state().step).toBe('launch'));
    const partner = partnerName(h.partner());
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    await waitFor(() => expect(h.server.sent('/crypto/session/widget', 'POST')).toHaveLength(1));
    const body = h.server.sent('/crypto/session/widget', 'POST')[0]!.body as {
      sessionData: Record<string, unknown>;
    };
    expect(body.sessionData).toMatchObject({
      destinationCurrencyCode: 'XRP',
      walletAddress: XRP_WALLET,
      walletTag: '12345',
    });
    await waitFor(() => expect(h.state().tracking?.sessionId).toBeTruthy());
  });
});
