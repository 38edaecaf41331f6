// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { localInputToUtc } from './dates';
import { TOKEN, accountTransactions, accounts, consoleServer } from './test-listings';
import type { TestServer } from '../queries/test-server';

// The date-range inputs are local time: pin the zone (UTC-4 in September).
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function open(search: string) {
  const server = consoleServer();
  sessionStorage.setItem('ramp-console-token', TOKEN);
  window.history.replaceState(null, '', `/console${search}`);
  const user = userEvent.setup();
  render(<ConsoleApp fetch={server.fetch} />);
  return { server, user };
}

const lastQuery = (server: TestServer, path: string) => Object.fromEntries(server.queries(path).at(-1)!);
const rowIds = (name: RegExp) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('button', { name: /^View / })
    .map((b) => b.textContent);

beforeEach(() => sessionStorage.clear());

describe('financial accounts', () => {
  it("lists a customer's accounts page by page and leads to their transactions", async () => {
    const { server, user } = open('?view=accounts');
    // The sandbox's Alice has 28 accounts: three pages of 10.
    const alice = await accounts(server, 'cus_alice');
    expect(alice).toHaveLength(28);
    await screen.findByRole('table', { name: 'Financial accounts, newest first' });

    await user.type(screen.getByLabelText('Customer ID'), 'cus_alice');
    await user.selectOptions(screen.getByLabelText('Page size'), '10');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('table', { name: 'Financial accounts of cus_alice, newest first' });
    expect(lastQuery(server, '/financial-accounts')).toEqual({ customerId: 'cus_alice', limit: '10' });
    // No totalCount on this listing: the range of an after-page is unknown, but the ends are not.
    await screen.findByText('Records 1–10');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('button', { name: `View ${alice[10]!.id}` });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('button', { name: `View ${alice[20]!.id}` });
    expect(lastQuery(server, '/financial-accounts')).toEqual({
      customerId: 'cus_alice',
      limit: '10',
      after: alice[19]!.key,
    });
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(rowIds(/Financial accounts of cus_alice/)).toEqual(alice.slice(20).map((a) => a.id));

    await user.click(screen.getByRole('button', { name: `View ${alice[20]!.id}` }));
    const dialog = screen.getByRole('dialog', { name: `Account ${alice[20]!.id}` });
    expect(dialog).toHaveTextContent(`•••• ${alice[20]!.truncatedAccountNumber}`);
    await user.click(within(dialog).getByRole('button', { name: "Transactions of cus_alice's accounts" }));

    await screen.findByRole('table', { name: 'Account transactions of cus_alice, newest first' });
    expect(lastQuery(server, '/financial-accounts/transactions')).toEqual({
      customerId: 'cus_alice',
      limit: '10',
    });
    expect(screen.getByRole('link', { name: 'Account transactions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('account transactions: date range', () => {
  it('sends the local date range as exact UTC timestamps and keeps them in the address', async () => {
    const { server, user } = open('?view=account-transactions&customerId=cus_alice');
    await screen.findByRole('table', { name: 'Account transactions of cus_alice, newest first' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-20T08:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30T02:30:15' } });
    expect(screen.getByText('Sent as 2026-09-20T12:00:00Z (UTC)')).toBeInTheDocument();
    expect(screen.getByText('Sent as 2026-09-30T06:30:15Z (UTC)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const range = { startDate: '2026-09-20T12:00:00Z', endDate: '2026-09-30T06:30:15Z' };
    const inRange = await accountTransactions(server, { customerId: 'cus_alice', ...range });
    expect(inRange).toHaveLength(19);
    await screen.findByText('Records 1–19');
    expect(rowIds(/Account transactions of cus_alice/)).toEqual(inRange.map((t) => t.id));
    expect(lastQuery(server, '/financial-accounts/transactions')).toEqual({
      customerId: 'cus_alice',
      ...range,
      limit: '20',
    });
    const params = new URLSearchParams(window.location.search);
    expect(params.get('startDate')).toBe('2026-09-20T12:00:00Z');
    expect(params.get('endDate')).toBe('2026-09-30T06:30:15Z');
    // The fields show the applied range again, in local time (however the input normalises it).
    const shown = (label: string) =>
      localInputToUtc((screen.getByLabelText(label) as HTMLInputElement).value);
    expect(shown('From')).toBe('2026-09-20T12:00:00Z');
    expect(shown('To')).toBe('2026-09-30T06:30:15Z');
  });

  it('refuses an inverted range without asking the server', async () => {
    const { server, user } = open('?view=account-transactions&customerId=cus_alice');
    await screen.findByRole('table');
    const before = server.requests.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-30T00:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-29T00:00' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start must not be after the end.');
    expect(server.requests).toHaveLength(before);
  });
});
