import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pathMatches } from './faults';
import { seededRandom } from './random';
import { createTestSandbox, TEST_API_KEY } from './test-kit';

const COUNTRIES = '/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const QUOTE_BODY = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

describe('fault injection through sandbox.fetch', () => {
  const t = createTestSandbox();
  afterEach(() => {
    t.sandbox.faults.clear();
    vi.useRealTimers();
  });

  it('status: answers the given status with a documented-looking body', async () => {
    t.sandbox.faults.set([{ kind: 'status', status: 503 }]);
    const res = await t.get(COUNTRIES);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', 'timestamp']);
  });

  it('status: 429 carries Retry-After; a code overrides the default', async () => {
    t.sandbox.faults.set([
      { kind: 'status', status: 429, path: '/payments/crypto/quote' },
      {
        kind: 'status',
        status: 500,
        code: 'TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE',
        path: '/network-partner',
      },
    ]);
    const limited = await t.post('/payments/crypto/quote', QUOTE_BODY);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    const failed = await t.get(COUNTRIES);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 'TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE' });
  });

  it('applies before authorization and routing (covers every path, even unknown ones)', async () => {
    t.sandbox.faults.set([{ kind: 'status', status: 502 }]);
    expect((await t.sandbox.fetch('http://upstream.test/anything')).status).toBe(502);
  });

  it('matches by method and path (prefix or RegExp), and stops after `times`', async () => {
    t.sandbox.faults.set([
      { kind: 'status', status: 500, method: 'post', path: /quote$/, times: 2 },
      { kind: 'status', status: 504, method: 'GET', path: '/payments/transactions' },
    ]);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.post('/payments/crypto/quote', QUOTE_BODY)).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect((await t.get('/payments/transactions/sessions/x')).status).toBe(504);
    expect((await t.get(COUNTRIES)).status).toBe(200);
    expect(t.sandbox.faults.rules).toHaveLength(1);
  });

  it('rate: hits the share a seeded random decides, repeatably', async () => {
    const run = async () => {
      const s = createTestSandbox({ random: seededRandom(42) });
      s.sandbox.faults.set([{ kind: 'status', status: 503, rate: 0.3 }]);
      const hits: boolean[] = [];
      for (let i = 0; i < 40; i++) hits.push((await s.get(COUNTRIES)).status === 503);
      return hits;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const expected = Array.from(
      { length: 40 },
      (
        (r) => () =>
          r() < 0.3
      )(seededRandom(42)),
    );
    expect(first).toEqual(expected);
    expect(first.filter(Boolean).length).toBeGreaterThan(0);
    expect(first.filter(Boolean).length).toBeLessThan(40);
  });

  it('malformed: answers 200 with the real body cut short', async () => {
    t.sandbox.faults.set([{ kind: 'malformed', path: '/network-partner/supported/countries' }]);
    const res = await t.get(COUNTRIES);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(text.startsWith('{"countries":[')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('malformed: breaks even a tiny body, and error answers too', async () => {
    t.sandbox.faults.set([{ kind: 'malformed' }]);
    const tiny = await t.get('/network-partner/defaults/BR/CRYPTO_ONRAMP');
    expect(await tiny.text()).toBe('nu');
    const failed = await t.get('/payments/transactions/txn_unknown');
    expect(failed.status).toBe(200);
    const text = await failed.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('drop: sandbox.fetch rejects with a TypeError, like a network failure', async () => {
    t.sandbox.faults.set([{ kind: 'drop', times: 1 }]);
    await expect(t.get(COUNTRIES)).rejects.toBeInstanceOf(TypeError);
    expect((await t.get(COUNTRIES)).status).toBe(200);
  });

  it('hang: never answers until the request is aborted', async () => {
    t.sandbox.faults.set([{ kind: 'hang' }]);
    const controller = new AbortController();
    let settled = false;
    const pending = t.sandbox
      .fetch(`http://upstream.test${COUNTRIES}`, {
        headers: { Authorization: `BASIC ${TEST_API_KEY}` },
        signal: controller.signal,
      })
      .finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('latency: delays, then answers normally', async () => {
    vi.useFakeTimers();
    t.sandbox.faults.set([{ kind: 'latency', latencyMs: 5000 }]);
    let done = false;
    const pending = t.get(COUNTRIES).then((res) => ((done = true), res));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('latency combines with a later rule', async () => {
    t.sandbox.faults.set([
      { kind: 'latency', latencyMs: 1 },
      { kind: 'status', status: 500 },
    ]);
    expect((await t.get(COUNTRIES)).status).toBe(500);
  });

  it('path strings match whole segments', () => {
    expect(pathMatches('/payments', '/payments/crypto/quote')).toBe(true);
    expect(pathMatches('/payments/', '/payments')).toBe(true);
    expect(pathMatches('/pay', '/payments')).toBe(false);
    expect(pathMatches(undefined, '/x')).toBe(true);
  });
});

describe('over HTTP, mounted under /sandbox', () => {
  const t = createTestSandbox({ publicBaseUrl: 'http://127.0.0.1:0/sandbox' });
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    const host = new Hono();
    host.mount('/sandbox', (req, env) => t.sandbox.app.fetch(req, env));
    await new Promise<void>((resolve) => {
      server = serve({ fetch: host.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => t.sandbox.faults.clear());

  const get = (path: string) =>
    fetch(`${base}${path}`, { headers: { Authorization: `BASIC ${TEST_API_KEY}` } });

  it('serves the API and matches fault paths below the mount point', async () => {
    expect((await get(COUNTRIES)).status).toBe(200);
    t.sandbox.faults.set([{ kind: 'status', status: 503, path: '/network-partner/supported/countries' }]);
    expect((await get(COUNTRIES)).status).toBe(503);
  });

  it('drop resets the connection: fetch rejects', async () => {
    t.sandbox.faults.set([{ kind: 'drop' }]);
    await expect(get(COUNTRIES)).rejects.toBeInstanceOf(TypeError);
  });

  it('hang holds the response until the client gives up', async () => {
    t.sandbox.faults.set([{ kind: 'hang' }]);
    const res = fetch(`${base}${COUNTRIES}`, {
      headers: { Authorization: `BASIC ${TEST_API_KEY}` },
      signal: AbortSignal.timeout(100),
    });
    await expect(res).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
