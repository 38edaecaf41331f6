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
    { status: 'SESSION_CREATED', at: '2026-03-01T12:00:00Z', source: 'checkout' },
    { status: 'EXPIRED', at: '2026-03-01T12:00:30Z', source: 'expiry' },
    { status: 'PENDING', at: '2026-03-01T12:01:00Z', source: 'poll' },
    { status: 'SETTLED', at: '2026-03-01T12:05:00Z', source: 'webhook' },
    { status: 'OLD_ROW', at: '2026-03-01T12:06:00Z', source: null },
  ],
  deliveries: [],
};

const api = {
  orders: async () => [ORDER],
  order: async () => DETAIL,
  resendDelivery: async () => {},
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
});
