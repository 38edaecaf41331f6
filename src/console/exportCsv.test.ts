import { describe, expect, it } from 'vitest';
import { paginate } from '../api/pagination';
import { createConsoleApi } from './consoleApi';
import { UTF8_BOM, memorySink, writeCsv, type CsvSink, type ExportProgress } from './exportCsv';
import { paymentsListing } from './listings';
import { parseCsv } from './test-csv';
import { TOKEN, consoleServer, idsOf, payments } from './test-listings';

/** The console's API over the server (its sandbox's 240 payments). */
const setup = () => {
  const server = consoleServer();
  const api = createConsoleApi(TOKEN, { fetch: server.fetch });
  return { server, api };
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
    const { server, api } = setup();
    const filters = { status: 'SETTLED', limit: 10 };
    const pages = paginate((cursor) => paymentsListing.fetchPage(api, filters, cursor));
    const progress: ExportProgress[] = [];
    const { sink, log, chunks } = recordingSink();

    const result = await writeCsv(pages, paymentsListing.csv, sink, (p) => progress.push(p));

    const expected = idsOf(await payments(server, { status: 'SETTLED' }));
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
    const { api } = setup();
    const pages = paginate((cursor) =>
      paymentsListing.fetchPage(api, { status: 'VOIDED', limit: 10 }, cursor),
    );
    const sink = memorySink();
    await writeCsv(pages, paymentsListing.csv, sink);
    const text = await sink.blob().text();
    expect(parseCsv(text.slice(UTF8_BOM.length))).toHaveLength(1);
  });

  it('aborts the sink and rethrows when a page fails', async () => {
    const { server, api } = setup();
    let calls = 0;
    const pages = paginate((cursor) => {
      calls++;
      // The service fails from the second page on.
      if (calls === 2)
        server.sandbox.faults.set([{ path: '/payments/transactions', kind: 'status', status: 500 }]);
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
    const { api } = setup();
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
