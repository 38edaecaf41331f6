// @vitest-environment jsdom
// An order's history says where each change came from: the session, a status poll, the service's
// webhook, or the checkout's expiry.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConsoleApi, LedgerOrder, OrderDetail } from './consoleApi';
import { OrdersView } from './OrdersView';

const ORDER: LedgerOrder = {
  sessionId: 'ses_1',
  intentId: null,
  reference: 'order-7',
  customerId: null,
  partner: 'BANXA',
  direction: 'buy',
  country: 'US',
  sourceAmount: '100',
  sourceCurrency: 'USD',
  destinationAmount: '0.03',
  destinationCurrency: 'ETH',
  walletAddress: null,
  transactionId: 'txn_1',
  status: 'SETTLED',
  txHash: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:05:00.000Z',
  lastDelivery: null,
} as LedgerOrder;

const DETAIL: OrderDetail = {
  order: ORDER,
  history: [
    {
      sessionId: ORDER.sessionId,
      transactionId: null,
      status: 'SESSION_CREATED',
      at: '2026-03-01T12:00:00Z',
      source: 'checkout',
    },
    {
      sessionId: ORDER.sessionId,
      transactionId: null,
      status: 'EXPIRED',
      at: '2026-03-01T12:00:30Z',
      source: 'expiry',
    },
    {
      sessionId: ORDER.sessionId,
      transactionId: null,
      status: 'PENDING',
      at: '2026-03-01T12:01:00Z',
      source: 'poll',
    },
    {
      sessionId: ORDER.sessionId,
      transactionId: null,
      status: 'SETTLED',
      at: '2026-03-01T12:05:00Z',
      source: 'webhook',
    },
    {
      sessionId: ORDER.sessionId,
      transactionId: null,
      status: 'OLD_ROW',
      at: '2026-03-01T12:06:00Z',
      source: null,
    },
  ],
  deliveries: [],
};

const api = {
  orders: async () => [ORDER, { ...ORDER, sessionId: 'ses_2', reference: 'order-8', partner: 'PAYBIS' }],
  order: async () => DETAIL,
  resendDelivery: async () => {},
  stats: async () => ({
    byPartner: [{ partner: 'BANXA', completion: { rate: 0.9234, ended: 25, baseline: 0.8 } }],
  }),
} as unknown as ConsoleApi;

describe('OrdersView', () => {
  it('shows where each status change came from', async () => {
    render(<OrdersView api={api} filters={{ limit: 50 }} onChange={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'order-7' }));
    const heading = await screen.findByRole('heading', { name: 'Status history' });
    const items = within(heading.nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Session created · .* · session created$/),
      expect.stringMatching(/^Expired · .* · no transaction in time$/),
      expect.stringMatching(/^Pending · .* · from a status poll$/),
      expect.stringMatching(/^Settled · .* · from the service's webhook$/),
      expect.not.stringMatching(/from/),
    ]);
  });

  it("shows beside each order how often its partner's orders complete here, over the last 30 days", async () => {
    const asked: unknown[] = [];
    const counting = {
      ...api,
      stats: async (q: unknown) => (asked.push(q), api.stats(q as never)),
    } as ConsoleApi;
    const now = () => Date.parse('2026-11-27T10:00:00Z');
    render(<OrdersView api={counting} filters={{ limit: 50 }} onChange={() => {}} now={now} />);
    const row = (await screen.findByRole('button', { name: 'order-7' })).closest('tr')!;
    expect(
      await within(row).findByRole('cell', { name: 'Completes 92 % here (25 orders)' }),
    ).toBeInTheDocument();
    // A partner with no ended order here: nothing to say.
    const other = screen.getByRole('button', { name: 'order-8' }).closest('tr')!;
    expect(within(other).getByRole('cell', { name: '–' })).toBeInTheDocument();
    expect(asked).toEqual([{ from: '2026-10-29', to: '2026-11-27' }]);
    expect(screen.getByRole('columnheader', { name: 'Partner completes (30 days)' })).toBeInTheDocument();
  });
});
