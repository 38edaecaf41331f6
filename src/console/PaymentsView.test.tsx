// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleApp } from './ConsoleApp';
import { downloadBlob } from './download';
import { UTF8_BOM } from './exportCsv';
import { parseCsv } from './testCsv';
import { TEST_TOKEN, createTestServer, keyOf, makeTransactions, type TestServer } from './testServer';

vi.mock('./download', () => ({
  canPickFile: () => false,
  pickCsvFile: vi.fn(),
  downloadBlob: vi.fn(),
}));

const ALL = makeTransactions(60);
const SETTLED = ALL.filter((t) => t.status === 'SETTLED').map((t) => t.id);

function open(search: string, server: TestServer = createTestServer({ transactions: ALL })) {
  sessionStorage.setItem('ramp-console-token', TEST_TOKEN);
  window.history.replaceState(null, '', `/console${search}`);
  const user = userEvent.setup();
  const view = render(<ConsoleApp fetch={server.fetch} />);
  return { server, user, ...view };
}

/** Ids of the rows on screen, once the page showing `range` has loaded. */
async function rowsOf(range: string): Promise<string[]> {
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
    expect(SETTLED).toHaveLength(30);
    const { server, user } = open('?view=payments&status=SETTLED&limit=10');

    const forward = await rowsOf('Records 1–10 of 30');
    expect(screen.getByText('30 matching transactions')).toBeInTheDocument();
    expect(previousButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();

    await user.click(nextButton());
    forward.push(...(await rowsOf('Records 11–20 of 30')));
    expect(Object.fromEntries(lastQuery(server))).toEqual({
      status: 'SETTLED',
      limit: '10',
      after: keyOf(SETTLED[9]!),
    });
    expect(urlParams().get('after')).toBe(keyOf(SETTLED[9]!));

    await user.click(nextButton());
    forward.push(...(await rowsOf('Records 21–30 of 30')));
    expect(nextButton()).toBeDisabled();
    // The pressed button went disabled: keyboard focus lands on the other one, not on the page.
    await waitFor(() => expect(previousButton()).toHaveFocus());
    expect(forward).toEqual(SETTLED);

    await user.click(previousButton());
    const backward = await rowsOf('Records 11–20 of 30');
    expect(Object.fromEntries(lastQuery(server))).toEqual({
      status: 'SETTLED',
      limit: '10',
      before: keyOf(SETTLED[20]!),
    });
    expect(urlParams().get('before')).toBe(keyOf(SETTLED[20]!));
    expect(urlParams().has('after')).toBe(false);

    await user.click(previousButton());
    backward.unshift(...(await rowsOf('Records 1–10 of 30')));
    expect(previousButton()).toBeDisabled();
    expect(nextButton()).toBeEnabled();
    expect(backward).toEqual(SETTLED.slice(0, 20));
    expect(server.queries('/payments/transactions').every((q) => !(q.has('after') && q.has('before')))).toBe(
      true,
    );
  });

  it('restores the page from the address (reload, shared link) and follows Back', async () => {
    const { user, unmount } = open(`?view=payments&status=SETTLED&limit=10&after=${keyOf(SETTLED[9]!)}`);
    expect(await rowsOf('Records 11–20 of 30')).toEqual(SETTLED.slice(10, 20));
    await user.click(nextButton());
    await rowsOf('Records 21–30 of 30');

    window.history.back();
    expect(await rowsOf('Records 11–20 of 30')).toEqual(SETTLED.slice(10, 20));

    unmount();
    render(<ConsoleApp fetch={createTestServer({ transactions: ALL }).fetch} />);
    expect(await rowsOf('Records 11–20 of 30')).toEqual(SETTLED.slice(10, 20));
  });

  it('applies filters from the form and starts again at the first page', async () => {
    const { server, user } = open(`?view=payments&limit=10&after=${keyOf(ALL[9]!.id)}`);
    await rowsOf('Records 11–20 of 60');

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
    await rowsOf('Records 1–20 of 60');
    expect(window.location.search).toBe('?view=payments');
  });
});

describe('payments listing: states', () => {
  it('shows loading, then the empty state for a filter that matches nothing', async () => {
    let release: () => void = () => undefined;
    const server = createTestServer({ transactions: ALL });
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
    const server = createTestServer({
      transactions: ALL,
      fail: { status: 400, code: 'INVALID_QUERY_PARAMETER' },
    });
    const { user } = open('?view=payments', server);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load transactions/);
    server.options.fail = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await rowsOf('Records 1–20 of 60');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the first page when a stale link leads past the end', async () => {
    const { user } = open(`?view=payments&after=${keyOf(ALL[59]!.id)}`);
    expect(await screen.findByText(/No transactions on this page/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await rowsOf('Records 1–20 of 60');
  });
});

describe('payments listing: detail and export', () => {
  it('opens a transaction with its status in words and its fees; Escape closes it and focus returns', async () => {
    const { server, user } = open('?view=payments&status=SETTLED&limit=10');
    await rowsOf('Records 1–10 of 30');
    const opener = screen.getByRole('button', { name: `View ${SETTLED[1]}` });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: `Transaction ${SETTLED[1]}` });
    expect(within(dialog).getByRole('heading', { name: `Transaction ${SETTLED[1]}` })).toHaveFocus();
    expect(dialog).toHaveTextContent('Status: Completed');
    expect(within(dialog).getByText('Total fee').nextSibling).toHaveTextContent('$3.75');
    expect(within(dialog).getByText('Network fee').nextSibling).toHaveTextContent('$1.50');
    await waitFor(() => expect(server.requests).toContain(`/payments/transactions/${SETTLED[1]}`));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('exports every record of the filter (all pages), once each, with progress', async () => {
    const { user } = open('?view=payments&status=SETTLED&limit=10');
    await rowsOf('Records 1–10 of 30');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText(/Exported 30 of 30 transactions/)).toBeInTheDocument();
    expect(downloadBlob).toHaveBeenCalledTimes(1);
    const [blob, fileName] = vi.mocked(downloadBlob).mock.calls[0]!;
    expect(fileName).toBe('payments_status-SETTLED.csv');
    const rows = parseCsv((await readText(blob)).replace(UTF8_BOM, ''));
    expect(rows.slice(1).map((r) => r[0])).toEqual(SETTLED);
  });
});
