// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { downloadBlob } from './download';
import { UTF8_BOM } from './exportCsv';
import { money } from './format';
import { parseCsv } from './test-csv';
import { TOKEN, consoleServer, idsOf, payments } from './test-listings';
import type { TestServer } from '../queries/test-server';

vi.mock('./download', () => ({
  canPickFile: () => false,
  pickCsvFile: vi.fn(),
  downloadBlob: vi.fn(),
}));

// The sandbox's 240 payments: 22 of them FAILED, 9 of TOPPER, 64 sells, 72 of shop-user-1001.

function open(search: string, server: TestServer = consoleServer()) {
  sessionStorage.setItem('ramp-console-token', TOKEN);
  window.history.replaceState(null, '', `/console${search}`);
  const user = userEvent.setup();
  const view = render(<ConsoleApp fetch={server.fetch} />);
  return { server, user, ...view };
}

/** Ids of the rows on screen, once the page showing `range` has loaded. */
async function rowsOf(range: string | RegExp): Promise<string[]> {
  await screen.findByText(range);
  const table = screen.getByRole('table', { name: /payment transactions/i });
  return within(table)
    .getAllByRole('button', { name: /^View / })
    .map((b) => b.textContent ?? '');
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const viewIds = () => screen.getAllByRole('button', { name: /^View / }).map((b) => b.textContent ?? '');
const lastQuery = (server: TestServer) => server.queries('/payments/transactions').at(-1)!;
const nextButton = () => screen.getByRole('button', { name: 'Next page' });
const previousButton = () => screen.getByRole('button', { name: 'Previous page' });
const urlParams = () => new URLSearchParams(window.location.search);

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(downloadBlob).mockReset();
});

describe('payments listing: paging', () => {
  it('moves by the last key (Next) and the first key (Previous), with the filters, disabled at the ends', async () => {
    const { server, user } = open('?view=payments&status=FAILED&limit=10');
    const failed = await payments(server, { status: 'FAILED' });
    expect(failed).toHaveLength(22);

    const forward = await rowsOf('Records 1–10 of 22');
    expect(screen.getByText('22 matching transactions')).toBeInTheDocument();
    expect(previousButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();

    await user.click(nextButton());
    forward.push(...(await rowsOf('Records 11–20 of 22')));
    expect(Object.fromEntries(lastQuery(server))).toEqual({
      status: 'FAILED',
      limit: '10',
      after: failed[9]!.key,
    });
    expect(urlParams().get('after')).toBe(failed[9]!.key);

    await user.click(nextButton());
    forward.push(...(await rowsOf('Records 21–22 of 22')));
    expect(nextButton()).toBeDisabled();
    // The pressed button went disabled: keyboard focus lands on the other one, not on the page.
    await waitFor(() => expect(previousButton()).toHaveFocus());
    expect(forward).toEqual(idsOf(failed));

    await user.click(previousButton());
    const backward = await rowsOf('Records 11–20 of 22');
    expect(Object.fromEntries(lastQuery(server))).toEqual({
      status: 'FAILED',
      limit: '10',
      before: failed[20]!.key,
    });
    expect(urlParams().get('before')).toBe(failed[20]!.key);
    expect(urlParams().has('after')).toBe(false);

    await user.click(previousButton());
    backward.unshift(...(await rowsOf('Records 1–10 of 22')));
    expect(previousButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();
    expect(backward).toEqual(idsOf(failed).slice(0, 20));
    expect(server.queries('/payments/transactions').every((q) => !(q.has('after') && q.has('before')))).toBe(
      true,
    );
  });

  it('restores the page from the address (reload, shared link) and follows Back', async () => {
    const server = consoleServer();
    const failed = await payments(server, { status: 'FAILED' });
    const second = idsOf(failed).slice(10, 20);
    const { user, unmount } = open(`?view=payments&status=FAILED&limit=10&after=${failed[9]!.key}`, server);
    expect(await rowsOf('Records 11–20 of 22')).toEqual(second);
    await user.click(nextButton());
    await rowsOf('Records 21–22 of 22');

    window.history.back();
    expect(await rowsOf('Records 11–20 of 22')).toEqual(second);

    unmount();
    render(<ConsoleApp fetch={consoleServer().fetch} />);
    expect(await rowsOf('Records 11–20 of 22')).toEqual(second);
  });

  it('applies filters from the form and starts again at the first page', async () => {
    const server = consoleServer();
    const all = await payments(server);
    const { user } = open(`?view=payments&limit=10&after=${all[9]!.key}`, server);
    await rowsOf('Records 11–20 of 240');

    await user.selectOptions(screen.getByLabelText('Status'), 'FAILED');
    await user.type(screen.getByLabelText(/Created on or after/), '2026-09-29');
    await user.selectOptions(screen.getByLabelText('Page size'), '20');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await screen.findByText(/matching transactions?$/);
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(server))).toEqual({
        status: 'FAILED',
        from: '2026-09-29',
        limit: '20',
      }),
    );
    expect(window.location.search).toBe('?view=payments&status=FAILED&from=2026-09-29');
  });

  it('rewrites an address with rejected values to what it shows', async () => {
    open('?view=payments&status=bogus&limit=7&after=a&before=b');
    await rowsOf('Records 1–20 of 240');
    expect(window.location.search).toBe('?view=payments');
  });
});

describe('payments listing: states', () => {
  it('shows loading, then the empty state for a filter that matches nothing', async () => {
    let release: () => void = () => undefined;
    const server = consoleServer();
    const slow: typeof fetch = async (input, init) => {
      await new Promise<void>((resolve) => (release = resolve));
      return server.fetch(input, init);
    };
    open('?view=payments&status=VOIDED', { ...server, fetch: slow });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading transactions…');
    release();
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with Try again, which loads the page once the server answers', async () => {
    const server = consoleServer();
    // The service refuses the listing until it is cleared.
    server.sandbox.faults.set([{ path: '/payments/transactions', kind: 'status', status: 400 }]);
    const { user } = open('?view=payments', server);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load transactions/);
    server.sandbox.faults.clear();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await rowsOf('Records 1–20 of 240');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the first page when a stale link leads past the end', async () => {
    const server = consoleServer();
    const last = (await payments(server)).at(-1)!;
    const { user } = open(`?view=payments&after=${last.key}`, server);
    expect(await screen.findByText(/No transactions on this page/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await rowsOf('Records 1–20 of 240');
  });
});

describe('payments listing: detail and export', () => {
  it('opens a transaction with its status in words and its fees; Escape closes it and focus returns', async () => {
    const server = consoleServer();
    // A settled buy on the first page, paid in US dollars: its fees are in dollars.
    const buys = await payments(server, { status: 'SETTLED', types: 'CRYPTO_PURCHASE' });
    const t = buys.slice(0, 10).find((b) => b.sourceCurrencyCode === 'USD')!;
    const { user } = open('?view=payments&status=SETTLED&type=buy&limit=10', server);
    await rowsOf(`Records 1–10 of ${buys.length}`);
    const opener = screen.getByRole('button', { name: `View ${t.id}` });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: `Transaction ${t.id}` });
    expect(within(dialog).getByRole('heading', { name: `Transaction ${t.id}` })).toHaveFocus();
    expect(dialog).toHaveTextContent('Status: Completed');
    expect(within(dialog).getByText('Total fee').nextSibling).toHaveTextContent(
      money(t.cryptoDetails!.totalFee, 'USD'),
    );
    expect(within(dialog).getByText('Network fee').nextSibling).toHaveTextContent(
      money(t.cryptoDetails!.networkFee, 'USD'),
    );
    expect(money(t.cryptoDetails!.totalFee, 'USD')).toMatch(/^\$\d/);
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toContain(`/payments/transactions/${t.id}`),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('exports every record of the filter (all pages), once each, with progress', async () => {
    const { server, user } = open('?view=payments&status=FAILED&limit=10');
    await rowsOf('Records 1–10 of 22');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText(/Exported 22 of 22 transactions/)).toBeInTheDocument();
    expect(downloadBlob).toHaveBeenCalledTimes(1);
    const [blob, fileName] = vi.mocked(downloadBlob).mock.calls[0]!;
    expect(fileName).toBe('payments_status-FAILED.csv');
    const rows = parseCsv((await readText(blob)).replace(UTF8_BOM, ''));
    expect(rows.slice(1).map((r) => r[0])).toEqual(idsOf(await payments(server, { status: 'FAILED' })));
  });
});

describe('payments listing: filters', () => {
  const apply = (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('button', { name: 'Apply filters' }));
  /** Applies the form; the page shows `ids`, the server was asked with `query`, the address is `search`. */
  const applyAndExpect = async (
    user: ReturnType<typeof userEvent.setup>,
    server: TestServer,
    o: { range: string; ids: string[]; query: Record<string, string>; search: string },
  ) => {
    await apply(user);
    expect(await rowsOf(o.range)).toEqual(o.ids);
    expect(Object.fromEntries(lastQuery(server))).toEqual(o.query);
    expect(window.location.search).toBe(o.search);
  };
  const exported = async () => {
    await screen.findByText(/^Exported \d+/);
    await waitFor(() => expect(downloadBlob).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(downloadBlob).mock.calls[0]!;
    const rows = parseCsv((await readText(blob)).replace(UTF8_BOM, ''));
    return { fileName, ids: rows.slice(1).map((r) => r[0]) };
  };

  it('by partner: chosen by name, sent to the service, kept in the address, exported', async () => {
    const { server, user } = open('?view=payments');
    const topper = idsOf(await payments(server, { serviceProviders: 'TOPPER' }));
    expect(topper).toHaveLength(9);
    await rowsOf('Records 1–20 of 240');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Partner' }), 'Topper');
    await applyAndExpect(user, server, {
      range: 'Records 1–9 of 9',
      ids: topper,
      query: { serviceProviders: 'TOPPER', limit: '20' },
      search: '?view=payments&partner=TOPPER',
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await exported()).toEqual({ fileName: 'payments_partner-TOPPER.csv', ids: topper });
  });

  it('by type: buy or sell, sent to the service as its transaction type; Back restores the previous filter', async () => {
    const { server, user } = open('?view=payments&partner=TRANSAK');
    const sells = idsOf(await payments(server, { types: 'CRYPTO_SELL' }));
    const transak = idsOf(await payments(server, { serviceProviders: 'TRANSAK' }));
    await rowsOf(`Records 1–20 of ${transak.length}`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Partner' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Sell');
    await applyAndExpect(user, server, {
      range: `Records 1–20 of ${sells.length}`,
      ids: sells.slice(0, 20),
      query: { types: 'CRYPTO_SELL', limit: '20' },
      search: '?view=payments&type=sell',
    });

    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?view=payments&partner=TRANSAK'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Partner' })).toHaveValue('TRANSAK'));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('');
    expect(await rowsOf(`Records 1–20 of ${transak.length}`)).toEqual(transak.slice(0, 20));
  });

  it("by customer: the merchant's own customer ID, sent to the service", async () => {
    const { server, user } = open('?view=payments&limit=10');
    const customer = idsOf(await payments(server, { externalCustomerIds: 'shop-user-1001' }));
    expect(customer).toHaveLength(72);
    await rowsOf('Records 1–10 of 240');

    await user.type(screen.getByRole('textbox', { name: 'Customer ID' }), ' shop-user-1001 ');
    await applyAndExpect(user, server, {
      range: 'Records 1–10 of 72',
      ids: customer.slice(0, 10),
      query: { externalCustomerIds: 'shop-user-1001', limit: '10' },
      search: '?view=payments&customer=shop-user-1001&limit=10',
    });
    await user.click(nextButton());
    expect(await rowsOf('Records 11–20 of 72')).toEqual(customer.slice(10, 20));
  });

  it('by transaction ID: reads that one transaction, checked against the other filters', async () => {
    const { server, user } = open('?view=payments');
    const buy = (await payments(server, { types: 'CRYPTO_PURCHASE' }))[6]!.id;
    await rowsOf('Records 1–20 of 240');
    const listings = server.queries('/payments/transactions').length;

    await user.type(screen.getByRole('textbox', { name: 'Transaction ID' }), buy);
    await apply(user);
    expect(await rowsOf('Records 1–1 of 1')).toEqual([buy]);
    expect(server.requests.map((r) => r.path)).toContain(`/payments/transactions/${buy}`);
    expect(server.queries('/payments/transactions')).toHaveLength(listings);
    expect(window.location.search).toBe(`?view=payments&id=${buy}`);
    expect(screen.getByText(/Showing the transaction with ID/)).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();

    // A buy: asking for sells finds nothing, as does an unknown id.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Sell');
    await apply(user);
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), '');
    await user.clear(screen.getByRole('textbox', { name: 'Transaction ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Transaction ID' }), 'txn_9999');
    await apply(user);
    await waitFor(() => expect(window.location.search).toBe('?view=payments&id=txn_9999'));
    expect(await screen.findByText('No transactions match these filters.')).toBeInTheDocument();
  });

  it('by wallet: matched in the console over every page of the other filters, said so, paged and exported whole', async () => {
    const server = consoleServer();
    // 176 buys: the console's scan reads the service's pages of 100 to fill each page of 10. A hex
    // wallet of between 20 and 30 of them, typed in capitals (the same address).
    const buys = await payments(server, { types: 'CRYPTO_PURCHASE' });
    const walletOf = (t: (typeof buys)[number]) => t.cryptoDetails?.destinationWalletAddress ?? '';
    const wallet = [...new Set(buys.map(walletOf))].find((w) => {
      const n = buys.filter((t) => walletOf(t) === w).length;
      return w.startsWith('0x') && n > 20 && n < 30;
    })!;
    const matching = idsOf(buys.filter((t) => walletOf(t) === wallet));
    const typed = `0x${wallet.slice(2).toUpperCase()}`;
    const { user } = open('?view=payments&type=buy&limit=10', server);
    await rowsOf(/^Records 1–10 of \d+$/);

    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), typed);
    await apply(user);
    expect(await rowsOf('Records 1–10')).toEqual(matching.slice(0, 10));
    expect(screen.getByText(/cannot search by wallet address/)).toBeInTheDocument();
    expect(screen.queryByText(/matching transactions?$/)).not.toBeInTheDocument();
    expect(window.location.search).toBe(`?view=payments&type=buy&wallet=${typed}&limit=10`);
    const sent = server.queries('/payments/transactions');
    expect(sent.every((q) => !q.has('wallet'))).toBe(true);
    expect(Object.fromEntries(sent.at(-1)!)).toMatchObject({ types: 'CRYPTO_PURCHASE', limit: '100' });

    /** Presses `button` until it is disabled; the ids of every page, in list order. */
    const walk = async (button: () => HTMLElement) => {
      const pages: string[][] = [];
      for (;;) {
        await waitFor(() => expect(screen.queryByText('Loading…')).not.toBeInTheDocument());
        const rows = viewIds();
        pages.push(rows);
        if (button().hasAttribute('disabled')) return pages;
        await user.click(button());
        await waitFor(() => expect(viewIds()[0]).not.toBe(rows[0]));
      }
    };
    const forward = await walk(nextButton);
    expect(forward.map((p) => p.length)).toEqual([10, 10, matching.length - 20]);
    expect(forward.flat()).toEqual(matching);
    // Back from the last page; the first page is known to be the first (Previous disabled).
    expect((await walk(previousButton)).reverse().flat()).toEqual(matching);
    expect(await rowsOf('Records 1–10')).toEqual(matching.slice(0, 10));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await exported()).toEqual({
      fileName: `payments_type-buy_wallet-${typed}.csv`,
      ids: matching,
    });
  });
});
