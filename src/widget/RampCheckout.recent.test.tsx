// @vitest-environment jsdom
// "Where is my crypto": the shopper's orders on this device, followed to their end, with a receipt.
// The real server and sandbox behind a fake fetch; the device's storage is the test's own.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buySession } from '../api/test-sessions';
import { quotedSession } from '../server/testing/session';
import { fakeWindow } from '../ui/steps/test-harness';
import { createTestServer, TEST_API_BASE, TEST_ORIGIN, type TestServer } from '../queries/test-server';
import { expectStatus, next } from './test-flow';
import { memoryStorage, mountWidget, PREFILLED, sessionOf } from './test-mount';
import { recentOrdersKey } from './recentOrders';

const BUY = { ...PREFILLED, lock: [], amount: '150' };

let popup: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  popup = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

/** A buy from the first screen to Completed, on `local` as the device's storage. */
async function buyToCompleted(server: TestServer, local: ReturnType<typeof memoryStorage>) {
  const w = mountWidget(BUY, { local }, server);
  await next(w.user, 'Review and continue');
  await w.user.click(await screen.findByRole('button', { name: /^Continue to / }));
  const { sessionId } = sessionOf(w.events);
  expect(await server.act(sessionId, 'pay')).toBe(303);
  await expectStatus('Completed');
  return { ...w, sessionId };
}

const recent = () => screen.findByRole('region', { name: 'Your recent orders' });

describe("the shopper's recent orders", () => {
  it('shows a completed buy on the next visit, opens it without asking again, with its receipt', async () => {
    const server = createTestServer();
    const local = memoryStorage();
    const first = await buyToCompleted(server, local);
    first.view.unmount();

    const w = mountWidget(BUY, { local }, server);
    const list = await recent();
    const order = within(list).getByRole('button', {
      name: /^\$150\.00 for [\d.]+\sETH [A-Z][a-z]+\W+\w{3} \d+, \d{4} Completed$/,
    });
    const before = server.requests.length;
    await w.user.click(order);

    await expectStatus('Completed');
    expect(w.events).toContainEqual({ type: 'recentOrderOpened', sessionId: first.sessionId });
    // It had ended: shown as it ended, nothing asked, its end not told again.
    expect(server.requests.slice(before)).toEqual([]);
    expect(w.events.some((e) => e.type === 'completed')).toBe(false);

    const receipt = screen.getByRole('region', { name: 'Receipt' });
    for (const text of [/\$150\.00/, /ETH/, /Banxa|Topper|Transak|Paybis|Mercuryo/, /txn_|tx_/, /localhost/])
      expect(receipt).toHaveTextContent(text);
    expect(within(receipt).getByText(PREFILLED.walletAddress!)).toBeInTheDocument();

    // Print: the receipt alone, in a frame of its own.
    await w.user.click(within(receipt).getByRole('button', { name: 'Print receipt' }));
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-rc-receipt]');
    expect(frame?.contentDocument?.body).toHaveTextContent(/Receipt.*\$150\.00/);
    expect(frame?.contentDocument?.body).toHaveTextContent(PREFILLED.walletAddress!);
    // Focus back where the shopper was; the printed copy goes with the receipt.
    expect(within(receipt).getByRole('button', { name: 'Print receipt' })).toHaveFocus();
    await w.user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByRole('region', { name: 'Your recent orders' });
    expect(document.querySelector('iframe[data-rc-receipt]')).toBeNull();
  });

  it('reads the states of every open order in one request, and forgets them on request', async () => {
    // The server follows its orders' statuses every 50 ms: it learns of a payment soon after it.
    const server = createTestServer({ env: { RAMP_ROLE: 'all', RAMP_SYNC_INTERVAL_MS: '50' } });
    const local = memoryStorage();
    const send = (path: string, init: RequestInit) => server.fetch(`${TEST_ORIGIN}${path}`, init);
    const sessions = await Promise.all(
      [100, 120, 140].map(async (amount) => {
        const r = await quotedSession(send, buySession({ sourceAmount: String(amount) }), {
          'Idempotency-Key': crypto.randomUUID(),
        });
        return (await r.json()) as { id: string; trackingToken: string };
      }),
    );
    // The first is paid; the server's ledger has it settled before the shopper comes back.
    expect(await server.act(sessions[0]!.id, 'pay')).toBe(303);
    await waitFor(async () =>
      expect((await server.ramp.orders.retrieve(sessions[0]!.id))?.order.status).toBe('SETTLED'),
    );
    local.setItem(
      recentOrdersKey(TEST_API_BASE),
      JSON.stringify({
        v: 1,
        orders: sessions.map((s, i) => ({
          sessionId: s.id,
          trackingToken: s.trackingToken,
          createdAt: Date.now() - i * 1000,
          site: 'localhost',
          selection: { direction: 'buy', fiatCurrency: 'USD', crypto: { currencyCode: 'BTC' } },
          partner: 'BANXA',
          sourceAmount: String(100 + 20 * i),
          sourceCurrency: 'USD',
          destinationAmount: '0.001',
          destinationCurrency: 'BTC',
          status: 'PROCESSING',
        })),
      }),
    );

    const w = mountWidget(BUY, { local }, server);
    const list = await recent();
    await waitFor(() => expect(server.sent('/sessions/lookup', 'POST')).toHaveLength(1));
    expect(server.sent('/sessions/lookup')[0]?.body).toEqual({
      trackingTokens: sessions.map((s) => s.trackingToken),
    });
    // Each order as the server's ledger has it, from that one request: no transaction is read.
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: /^\$100\.00 .*Completed$/ })).toBeInTheDocument(),
    );
    expect(within(list).getAllByRole('button', { name: /Awaiting payment$/ })).toHaveLength(2);
    expect(server.sent('/payments/transactions')).toEqual([]);

    await w.user.click(within(list).getByRole('button', { name: 'Forget my orders' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your orders were removed from this device.');
    expect(screen.queryByRole('region', { name: 'Your recent orders' })).toBeNull();
    expect(local.getItem(recentOrdersKey(TEST_API_BASE))).toBeNull();
  });

  it('opens a failed order with why, and buys again with the same choices', async () => {
    const server = createTestServer();
    const local = memoryStorage();
    const first = mountWidget(BUY, { local }, server);
    await next(first.user, 'Review and continue');
    await first.user.click(await screen.findByRole('button', { name: /^Continue to / }));
    expect(await server.act(sessionOf(first.events).sessionId, 'decline')).toBe(303);
    await expectStatus('Failed');
    first.view.unmount();

    const w = mountWidget({ ...BUY, amount: undefined, defaultAmount: '300' }, { local }, server);
    await w.user.click(within(await recent()).getByRole('button', { name: /Failed$/ }));
    await expectStatus(/Failed.*did not go through/);
    await w.user.click(screen.getByRole('button', { name: 'Try another offer' }));
    // The order screen again, with the order's choices rather than this visit's default.
    await screen.findByRole('heading', { name: 'Buy crypto' });
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('150');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Crypto currency' }).value).toMatch(
      /^ETH · /,
    );
  });

  it('keeps none with `remember: false`', async () => {
    const server = createTestServer();
    const local = memoryStorage();
    const w = mountWidget({ ...BUY, remember: false }, { local }, server);
    await next(w.user, 'Review and continue');
    await w.user.click(await screen.findByRole('button', { name: /^Continue to / }));
    await expectStatus(/Finish in the/);
    expect(local.data.size).toBe(0);
  });
});
