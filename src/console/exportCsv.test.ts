import { describe, expect, it } from 'vitest';
import { paginate } from '../api/pagination';
import { createConsoleApi } from './consoleApi';
import { UTF8_BOM, memorySink, writeCsv, type CsvSink, type ExportProgress } from './exportCsv';
import { paymentsListing } from './listings';
import { parseCsv } from './test-csv';
import { TEST_TOKEN, createTestServer, makeTransactions } from './test-server';

const setup = (count: number) => {
  const all = makeTransactions(count);
  const server = createTestServer({ transactions: all });
  const api = createConsoleApi(TEST_TOKEN, { fetch: server.fetch });
  return { all, server, api };
};

/** A sink that records what happened to it. */
function recordingSink() {
  const log: string[] = [];
  const chunks: string[] = [];
  const sink: CsvSink = {
    write: async (c) => {
      chunks.push(c);
      log.push('write');
    },
    close: async () => {
      log.push('close');
    },
    abort: async () => {
      log.push('abort');
    },
  };
  return { sink, log, chunks };
}

describe('writeCsv', () => {
  it('streams every page of the filter, each record once, in list order', async () => {
    const { all, server, api } = setup(95);
    const filters = { status: 'SETTLED', limit: 10 };
    const pages = paginate((cursor) => paymentsListing.fetchPage(api, filters, cursor));
    const progress: ExportProgress[] = [];
    const { sink, log, chunks } = recordingSink();

    const result = await writeCsv(pages, paymentsListing.csv, sink, (p) => progress.push(p));

    const expected = all.filter((t) => t.status === 'SETTLED').map((t) => t.id);
    const text = chunks.join('');
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const rows = parseCsv(text.slice(UTF8_BOM.length));
    expect(rows[0]).toEqual(paymentsListing.csv.map((c) => c.header));
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
    expect(result).toEqual({ written: expected.length, total: expected.length });
    // One chunk per page, after the header, and progress after each.
    const pagesFetched = server.queries('/payments/transactions').length;
    expect(log).toEqual(['write', ...Array<string>(pagesFetched).fill('write'), 'close']);
    expect(progress.map((p) => p.written)).toEqual(
      Array.from({ length: pagesFetched }, (_, i) => Math.min((i + 1) * 10, expected.length)),
    );
    expect(progress.every((p) => p.total === expected.length)).toBe(true);
  });

  it('writes only the header for a filter that matches nothing', async () => {
    const { api } = setup(5);
    const pages = paginate((cursor) =>
      paymentsListing.fetchPage(api, { status: 'VOIDED', limit: 10 }, cursor),
    );
    const sink = memorySink();
    await writeCsv(pages, paymentsListing.csv, sink);
    const text = await sink.blob().text();
    expect(parseCsv(text.slice(UTF8_BOM.length))).toHaveLength(1);
  });

  it('aborts the sink and rethrows when a page fails', async () => {
    const { server, api } = setup(30);
    let calls = 0;
    const pages = paginate((cursor) => {
      calls++;
      if (calls === 2) server.options.fail = { status: 500, code: 'UNEXPECTED_ERROR' };
      return paymentsListing.fetchPage(api, { limit: 10 }, cursor);
    });
    const { sink, log } = recordingSink();
    await expect(writeCsv(pages, paymentsListing.csv, sink)).rejects.toMatchObject({
      code: 'UNEXPECTED_ERROR',
    });
    expect(log.at(-1)).toBe('abort');
    expect(log).not.toContain('close');
  });

  it('stops when cancelled', async () => {
    const { api } = setup(50);
    const ctl = new AbortController();
    const pages = paginate((cursor) => paymentsListing.fetchPage(api, { limit: 10 }, cursor, ctl.signal), {
      signal: ctl.signal,
    });
    const { sink, log } = recordingSink();
    const run = writeCsv(pages, paymentsListing.csv, sink, (p) => {
      if (p.written >= 20) ctl.abort();
    });
    await expect(run).rejects.toMatchObject({ code: 'ABORTED' });
    expect(log.filter((l) => l === 'write')).toHaveLength(3);
    expect(log.at(-1)).toBe('abort');
  });

  it('a memory sink refuses to hand out an unfinished file', async () => {
    const sink = memorySink();
    await sink.write('a');
    expect(() => sink.blob()).toThrow(/not finished/);
  });
});
