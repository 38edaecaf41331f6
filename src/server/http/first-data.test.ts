// The hosted page with its first data in it (http/first-data.ts), through the server's fetch.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_ID } from '../../api/first-screen';
import { FIRST_DATA_BUDGET_MS, jsonScript } from './first-data';
import { TEST_KEY } from '../testing/upstream';
import { testServer } from '../testing/server';

const HTML =
  '<!doctype html><html><head><title>Checkout</title></head><body><div id="root"></div></body></html>';
const BEST =
  '/?direction=buy&country=us&subdivision=US-CA&fiatCurrency=USD&cryptoCurrency=BTC&network=BITCOIN&paymentMethod=CREDIT_DEBIT_CARD&amount=100';
const BEST_REQUEST =
  '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US&subdivision=US-CA&sourceCurrencyCode=USD&destinationCurrencyCode=BTC&sourceAmount=100&paymentMethodType=CREDIT_DEBIT_CARD';
let hosted: string;

beforeAll(() => {
  hosted = mkdtempSync(join(tmpdir(), 'rc-first-data-'));
  writeFileSync(join(hosted, 'index.html'), HTML);
});
afterEach(() => void vi.useRealTimers());

/** The page's JSON block, parsed, if it has one. */
function firstData(html: string): { request: string; answer: Record<string, unknown> } | undefined {
  const m = new RegExp(`<script type="application/json" id="${FIRST_DATA_ID}">(.*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as { request: string; answer: Record<string, unknown> }) : undefined;
}

describe('the hosted page with its first data', () => {
  it('carries the bootstrap answer, opening quote included, instead of a preload', async () => {
    const t = testServer({ upstream: 'fake', static: hosted });
    const res = await t.request(BEST, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.has('link')).toBe(false);
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain('<title>Checkout</title>');
    const data = firstData(html)!;
    expect(data.request).toBe(BEST_REQUEST);
    // What the route itself answers, no more: the same bootstrap a browser gets from it.
    const direct = (await (await t.request(BEST_REQUEST)).json()) as Record<string, unknown>;
    expect(Object.keys(data.answer).sort()).toEqual(Object.keys(direct).sort());
    expect(data.answer.country).toBe('US');
    const quote = data.answer.quote as { request: unknown; quotes: { destinationAmount: number }[] };
    expect(quote.quotes.length).toBeGreaterThan(0);
    expect(quote.quotes[0]!.destinationAmount).toBeGreaterThan(0);
    expect(html).not.toContain(TEST_KEY);
    // The route answered once for the page: one upstream quote.
    expect(t.callsTo('/payments/crypto/quote')).toHaveLength(2); // the page's, then the direct ask above
  });

  it('serves the mounted variant index.html the same way', async () => {
    const res = await testServer({ upstream: 'fake', static: hosted }).request(`/index.html${BEST.slice(1)}`);
    expect(firstData(await res.text())?.request).toBe(BEST_REQUEST);
  });

  it('sends the page as it is when its URL does not say the first request (no country)', async () => {
    const t = testServer({ upstream: 'fake', static: hosted });
    const res = await t.request('/?direction=buy&cryptoCurrency=BTC');
    expect(await res.text()).toBe(HTML);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('sends the page as it is, with its preload, when the upstream fails', async () => {
    const t = testServer({ upstream: 'fake', static: hosted });
    t.upstream.on('/', () => ({ status: 503, body: { code: 'DOWN', message: 'down' } }));
    const res = await t.request(BEST);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(HTML);
    expect(res.headers.get('link')).toBe(`<${BEST_REQUEST}>; rel=preload; as=fetch; crossorigin`);
  });

  it('sends the page as it is, with its preload, once the budget is spent on a slow upstream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const t = testServer({ upstream: 'fake', static: hosted });
    const held = t.upstream.hold();
    let done = false;
    const pending = Promise.resolve(t.request(BEST)).then((r) => ((done = true), r));
    await vi.advanceTimersByTimeAsync(FIRST_DATA_BUDGET_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await pending;
    expect(await res.text()).toBe(HTML);
    expect(res.headers.get('link')).toBe(`<${BEST_REQUEST}>; rel=preload; as=fetch; crossorigin`);
    held.release();
  });

  it('escapes what would end the block or break a parser', () => {
    const hostile = { a: '</script><script>alert(1)</script>', b: '"\'&<!--', c: 'x\u2028y\u2029z' };
    const block = jsonScript('x', hostile);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual(hostile);
  });

  it('never writes query values into the page: a hostile one gets the page as it is', async () => {
    const hostile = encodeURIComponent('</script><b>"x\u2028');
    const res = await testServer({ upstream: 'fake', static: hosted }).request(
      `/?country=US&subdivision=US-CA&fiatCurrency=${hostile}&cryptoCurrency=BTC&paymentMethod=CREDIT_DEBIT_CARD&amount=100`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(HTML);
  });
});
