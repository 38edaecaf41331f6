// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import { createTestServer } from '../../queries/test-server';
import { ETH_WALLET, advanceTo, fakeWindow, renderCheckout, US_BUY } from './test-harness';
import { partnerName } from './partners';

const AT_LAUNCH: Partial<CheckoutInit> = {
  ...US_BUY,
  prefill: { ...US_BUY.prefill, amount: '100', walletAddress: ETH_WALLET },
};

let popup: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  popup = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('launch step', () => {
  it('summarises the order and names the button after the partner', async () => {
    const h = renderCheckout({ init: AT_LAUNCH });
    await advanceTo(h, 'launch');
    const partner = partnerName(h.partner());
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const details = screen.getAllByRole('definition').map((d) => d.textContent);
    const row = (term: string) => details[terms.indexOf(term)];
    expect(row('You pay')).toBe('$100.00');
    expect(row('Rate')).toMatch(/^1 ETH = \$[\d,]+\.\d\d$/);
    expect(row('Partner')).toBe(partner);
    expect(row('Payment method')).toBe('Credit or debit card');
    // Shortened in the middle on screen, whole for screen readers, with a copy button.
    const wallet = screen.getAllByRole('definition')[terms.indexOf('Wallet address')]!;
    expect(within(wallet).getByText('0x5aAe…1BeAed')).toHaveAttribute('aria-hidden', 'true');
    expect(within(wallet).getByText(ETH_WALLET)).toHaveClass('rc-sr-only');
    expect(within(wallet).getByRole('button', { name: 'Copy wallet address' })).toBeInTheDocument();
    expect(row('Country')).toBe('United States, New York (US-NY)');
    expect(screen.getByRole('button', { name: `Continue to ${partner}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('opens the popup in the click, and retries a failed session with the same Idempotency-Key from the one call to action', async () => {
    const server = createTestServer();
    server.sandbox.faults.add({
      method: 'POST',
      path: '/crypto/session/widget',
      kind: 'status',
      status: 400,
      code: 'TRANSACTION_INVALID_PARAMETER',
      times: 1,
    });
    const h = renderCheckout({ init: AT_LAUNCH, server });
    await advanceTo(h, 'launch');
    const partner = partnerName(h.partner());
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    expect(window.open).toHaveBeenCalledWith('about:blank', '_blank', expect.stringContaining('popup'));
    expect(popup.closed).toBe(true);

    popup = fakeWindow();
    // The button below tries again; the alert offers the other way forward.
    expect(within(alert).getByRole('button', { name: 'Try another offer' })).toBeInTheDocument();
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    await waitFor(() => expect(h.state().step).toBe('status'));
    const sessions = server.sent('/crypto/session/widget', 'POST');
    expect(sessions).toHaveLength(2);
    expect(sessions[1]?.headers['idempotency-key']).toBe(sessions[0]?.headers['idempotency-key']);
    expect(popup.url).toMatch(/\/sandbox\/provider\/checkout\//);
    expect(h.signals).toContainEqual({
      type: 'providerLaunched',
      partner: h.partner(),
      mode: 'popup',
    });
  });
});
