// One total deadline per browser request: retries happen inside it, a hung upstream never holds a
// browser longer, and the upstream call is cancelled when the browser leaves. A body that has not
// arrived by the deadline is the client's delay: 408, not an upstream timeout.
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULTS } from '../config/defaults';
import { resolveConfig } from '../config/config';
import { loadConfig } from '../config/env';
import { rawRequest } from '../testing/raw-http';
import { listeningTestServer } from '../testing/server';
import { createTokenSigner } from '../http/tokens';
import { json } from '../testing/upstream';
import { ADMIN_TOKEN, SESSION_SECRET, testServer } from '../testing/server';

const QUOTE = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

/** An upstream that never answers (until the caller aborts), recording each call's signal. */
function hungUpstream() {
  const signals: AbortSignal[] = [];
  const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_, reject) => {
      const signal = init?.signal;
      if (signal) {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), {
          once: true,
        });
      }
    })) as typeof globalThis.fetch;
  return { fetch, signals };
}

describe('the request deadline', () => {
  it('is 10 s by default, within what the widget waits for, and configurable', () => {
    expect(DEFAULTS.requestDeadlineMs).toBe(10_000);
    expect(resolveConfig(loadConfig({})).requestDeadlineMs).toBe(10_000);
    expect(resolveConfig(loadConfig({ RAMP_REQUEST_DEADLINE_MS: '3000' })).requestDeadlineMs).toBe(3000);
    expect(() => resolveConfig(loadConfig({ RAMP_REQUEST_DEADLINE_MS: '5' }))).toThrow(
      /RAMP_REQUEST_DEADLINE_MS/,
    );
  });

  // The per-attempt timeout (5 s) × 3 attempts would be 15 s: the deadline (400 ms) must win.
  const env = { RAMP_UPSTREAM_TIMEOUT_MS: '5000', RAMP_REQUEST_DEADLINE_MS: '400' };
  const token = createTokenSigner(SESSION_SECRET).sign('sess1');
  const calls: [string, RequestInit?][] = [
    ['/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP'],
    ['/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US'],
    ['/api/ramp/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC'],
    ['/api/ramp/payments/crypto/quote', json(QUOTE)],
    ['/api/ramp/payments/transactions/sessions/sess1', { headers: { 'X-Ramp-Tracking': token } }],
    ['/api/ramp/payments/transactions/tx-1', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }],
    ['/api/ramp/payments/transactions', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }],
  ];
  it.each(calls)(
    'bounds %s against a hung upstream: a JSON 504 at the deadline, upstream calls cancelled',
    async (path, init) => {
      const up = hungUpstream();
      const t = testServer({ upstream: up.fetch, env, retry: 'real' });
      const res = await t.request(path, init);
      expect(res.status).toBe(504);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT', requestId: expect.any(String) });
      expect(up.signals.length).toBeGreaterThan(0);
      // Shared discovery loads stop at their own deadline, a moment after the answer.
      await vi.waitFor(() => expect(up.signals.every((s) => s.aborted)).toBe(true), { timeout: 1000 });
    },
    4_000,
  );

  // With an attempt timeout no shorter than the deadline (the defaults), calls run on the deadline's
  // signal alone: it must still end them.
  it.each([calls[0]!, calls[3]!])(
    'bounds %s when the attempt timeout equals the deadline',
    async (path, init) => {
      const up = hungUpstream();
      const same = { RAMP_UPSTREAM_TIMEOUT_MS: '400', RAMP_REQUEST_DEADLINE_MS: '400' };
      const t = testServer({ upstream: up.fetch, env: same, retry: 'real' });
      const res = await t.request(path, init);
      expect(res.status).toBe(504);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(up.signals.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(up.signals.every((s) => s.aborted)).toBe(true), { timeout: 1000 });
    },
    4_000,
  );

  it('cancels the upstream call when the browser disconnects, and records a client abort', async () => {
    const up = hungUpstream();
    const t = testServer({ upstream: up.fetch, env: { RAMP_REQUEST_DEADLINE_MS: '10000' } });
    const browser = new AbortController();
    const pending = t.request('/api/ramp/payments/crypto/quote', { ...json(QUOTE), signal: browser.signal });
    while (up.signals.length === 0) await new Promise((r) => setTimeout(r, 5));
    browser.abort();
    const res = await pending;
    expect(up.signals[0]!.aborted).toBe(true);
    expect(res.status).toBeLessThan(500);
    const lines = t.lines.map(
      (l) => JSON.parse(l) as { level: string; msg: string; clientAborted?: boolean },
    );
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ clientAborted: true });
  }, 4_000);

  it('on the Node server too: the connection closing cancels the upstream call', async () => {
    const up = hungUpstream();
    const t = await listeningTestServer({ upstream: up.fetch, env: { RAMP_REQUEST_DEADLINE_MS: '10000' } });
    try {
      const port = Number(t.port);
      const body = JSON.stringify(QUOTE);
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST /api/ramp/payments/crypto/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\n\r\n${body}`,
        ),
      );
      socket.on('error', () => undefined);
      await vi.waitFor(() => expect(up.signals).toHaveLength(1), { timeout: 3_000 });
      expect(up.signals[0]!.aborted).toBe(false);
      socket.destroy();
      await vi.waitFor(() => expect(up.signals[0]!.aborted).toBe(true), { timeout: 3_000 });
      await vi.waitFor(() => expect(t.lines.some((l) => l.includes('"clientAborted":true'))).toBe(true), {
        timeout: 3_000,
      });
      expect(t.lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    } finally {
      t.serving.server.closeAllConnections();
      await t.close();
    }
  }, 10_000);

  it.each([
    ['a quote', '/api/ramp/payments/crypto/quote', ''],
    ['a session', '/api/ramp/crypto/session/widget', 'Idempotency-Key: slow-body-key-0001\r\n'],
  ])(
    "answers %s whose body has not arrived by the deadline 408 REQUEST_TIMEOUT, counted as the client's",
    async (_, path, headers) => {
      const t = await listeningTestServer({ upstream: 'fake', env: { RAMP_REQUEST_DEADLINE_MS: '300' } });
      try {
        // Half a body, then nothing: the client stalls (Node's own limit for the whole request is 15 s).
        const res = await rawRequest(
          t.port,
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}` +
            `Content-Length: 100\r\n\r\n{"sourceAmount":`,
        );
        expect(res.status).toBe(408);
        expect(res.headers.connection).toBe('close');
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'REQUEST_TIMEOUT',
          requestId: expect.any(String),
        });
        expect(t.upstream.calls).toEqual([]);
        const metrics = await (
          await fetch(`${t.origin}/metrics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
        ).text();
        expect(metrics).toMatch(/ramp_http_requests_total\{[^}]*status="408"[^}]*\} 1/);
        expect(metrics).not.toMatch(/ramp_http_requests_total\{[^}]*status="504"/);
      } finally {
        t.serving.server.closeAllConnections();
        await t.close();
      }
    },
    10_000,
  );
});
