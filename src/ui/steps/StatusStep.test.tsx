// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInit } from '../../checkout';
import type { TrackedTransaction } from '../../queries';
import { rampKeys } from '../../queries';
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

const status = () => screen.getByRole('status', { name: 'Transaction status' });

describe('status step', () => {
  it('polls until the transaction exists, says failures in words while polling on, and ends at Completed', async () => {
    const server = createTestServer({ timeScale: 0.02 });
    const h = renderCheckout({ init: AT_LAUNCH, server });
    await advanceTo(h, 'launch');
    const partner = partnerName(h.partner());
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    // The shopper still has to pay in the partner's window: the screen says so.
    await waitFor(() => expect(status()).toHaveTextContent(`Finish in the ${partner} window`));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    // The service goes away for a while: the failure is said, polling goes on.
    server.sandbox.faults.add({ path: /^\/payments\/transactions\//, kind: 'status', status: 503, times: 3 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side. Try again in a moment.');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    const sessionId = h.state().tracking?.sessionId ?? '';
    await server.act(sessionId, 'pay');
    await waitFor(() => expect(status()).toHaveTextContent('Completed'), { timeout: 5000 });
    expect(status()).toHaveTextContent('All done. Your transaction is complete.');
    const timeline = within(screen.getByRole('list'));
    expect(timeline.getByText('Crypto delivered')).toHaveTextContent('Crypto delivered, done');
    // The transaction is the query's: the store keeps only the session to follow.
    const tracked = h.queryClient.getQueryData<TrackedTransaction>(rampKeys.transaction(sessionId));
    expect(tracked?.seen.at(-1)).toBe('SETTLED');
    expect(Object.keys(h.state().tracking ?? {}).sort()).toEqual(['sessionId', 'trackingToken']);
    // Read by session until the transaction existed, then by its id (a transaction that finished
    // before its first read by id is never read by id: the session's read already said Completed).
    const reads = server.sent('/payments/transactions').map((r) => r.path);
    const bySession = `/payments/transactions/sessions/${sessionId}`;
    const byId = `/payments/transactions/${tracked?.transaction?.id}`;
    expect(reads[0]).toBe(bySession);
    const firstById = reads.indexOf(byId);
    expect(reads.slice(firstById < 0 ? reads.length : firstById).every((r) => r === byId)).toBe(true);
    expect(reads.every((r) => r === bySession || r === byId)).toBe(true);
    const count = reads.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(server.sent('/payments/transactions')).toHaveLength(count);
    // Finished: one way back to the merchant.
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('a closed partner window offers to reopen it, try another offer or cancel', async () => {
    const h = renderCheckout({ init: AT_LAUNCH });
    await advanceTo(h, 'launch');
    const partner = partnerName(h.partner());
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    await waitFor(() => expect(status()).toHaveTextContent(`Finish in the ${partner} window`));
    popup.closed = true;
    await waitFor(() => expect(status()).toHaveTextContent(`The ${partner} window was closed`), {
      timeout: 3000,
    });
    expect(screen.getByRole('link', { name: `Reopen ${partner}` })).toHaveAttribute(
      'href',
      expect.stringContaining('/sandbox/provider/checkout/'),
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await h.user.click(screen.getByRole('button', { name: 'Try another offer' }));
    await waitFor(() => expect(h.state().step).not.toBe('status'));
    expect(h.state().selection.amount).toBe('100');
    expect(h.state().tracking).toBeUndefined();
  });
});

describe('status step, in the words of what happened', () => {
  it('a sell asks the shopper to send, not to pay; a cancel says cancelled, not a failed step', async () => {
    const server = createTestServer({ timeScale: 0.02 });
    const h = renderCheckout({
      init: {
        direction: 'sell',
        directions: ['sell'],
        prefill: {
          country: 'DE',
          fiatCurrency: 'EUR',
          cryptoCurrency: 'ETH',
          network: 'ETHEREUM',
          paymentMethod: 'SEPA',
          amount: '0.5',
          walletAddress: ETH_WALLET,
        },
      },
      server,
    });
    await advanceTo(h, 'launch');
    const partner = partnerName(h.partner());
    expect(screen.getByText('You send')).toBeInTheDocument();
    expect(screen.getByText('You receive')).toBeInTheDocument();
    expect(screen.queryByText('You pay')).toBeNull();
    await h.user.click(screen.getByRole('button', { name: `Continue to ${partner}` }));
    await waitFor(() => expect(status()).toHaveTextContent(`Send your crypto in the ${partner} window`));
    expect(status()).not.toHaveTextContent(/\bPay\b/);

    await server.act(h.state().tracking?.sessionId ?? '', 'cancel');
    await waitFor(() => expect(status()).toHaveTextContent('Cancelled'), { timeout: 5000 });
    expect(status()).toHaveTextContent('The order was cancelled.');
    const timeline = within(screen.getByRole('list'));
    expect(timeline.getByText('Cancelled')).toHaveTextContent(/^Cancelled$/);
    expect(screen.getByRole('list')).not.toHaveTextContent(/failed/);
    expect(screen.getByRole('button', { name: 'Try another offer' })).toBeInTheDocument();
  });
});
