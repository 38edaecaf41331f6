// Upstream error codes and messages are the upstream's words, not ours: only codes of the
// documented shape pass, and no form of the API key survives in a code or a message.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TEST_KEY, json } from '../testing/upstream';
import { testServer } from '../testing/server';

const QUOTE = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

async function quoteFailingWith(body: unknown, status = 400) {
  const t = testServer({ upstream: 'fake' });
  t.upstream.on('/payments/crypto/quote', () => ({ status, body }));
  const res = await t.request('/api/ramp/payments/crypto/quote', json(QUOTE));
  return { res, text: await res.text(), t };
}

describe('upstream error codes', () => {
  it('pass when they are upper-case identifiers of bounded length', async () => {
    const { res, text } = await quoteFailingWith({ code: 'INVALID_COUNTRY_CODE', message: 'no' });
    expect(res.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ code: 'INVALID_COUNTRY_CODE' });
  });

  it.each([
    ['a 5,000-character code', 'A'.repeat(5000)],
    ['a code of 65 characters', `A${'B'.repeat(64)}`],
    ['lower case', 'invalid_country'],
    ['a code with spaces', 'BAD REQUEST'],
    ['a code with markup', '<script>X</script>'],
    ['a code carrying the key', `KEY_${TEST_KEY}`],
    ['the key upper-cased as a code', TEST_KEY.toUpperCase().replace(/-/g, '_')],
  ])('are replaced by UPSTREAM_ERROR: %s', async (_, code) => {
    const { res, text } = await quoteFailingWith({ code, message: 'refused' });
    expect(res.status).toBe(400);
    const body = JSON.parse(text) as { code: string };
    expect(body.code).toBe('UPSTREAM_ERROR');
    expect(text).not.toContain(code.slice(0, 60));
  });
});

describe('the API key in upstream messages', () => {
  const variants = [
    ['verbatim', TEST_KEY],
    ['upper case', TEST_KEY.toUpperCase()],
    ['lower case', TEST_KEY.toLowerCase()],
    ['a partial copy', TEST_KEY.slice(3, 19)],
    ['a partial copy in another case', TEST_KEY.slice(5).toUpperCase()],
  ];
  it.each(variants)('is scrubbed from 4xx messages: %s', async (_, echo) => {
    const { text } = await quoteFailingWith({ code: 'BAD_REQUEST', message: `bad key "${echo}" given` });
    expect(text.toLowerCase()).not.toContain(echo.toLowerCase());
    expect(JSON.parse(text)).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('bad key'),
    });
  });

  it.each(variants)('is scrubbed from 5xx messages and log lines: %s', async (_, echo) => {
    const { text, t } = await quoteFailingWith({ code: 'UNEXPECTED_ERROR', message: `key=${echo}` }, 500);
    expect(text.toLowerCase()).not.toContain(echo.toLowerCase());
    for (const line of t.lines) expect(line.toLowerCase()).not.toContain(echo.toLowerCase());
  });
});

describe('an upstream redirect', () => {
  const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

  it('is a 502 UPSTREAM_REDIRECT, not followed and not retried', async () => {
    const t = testServer({ upstream: 'fake' });
    t.upstream.on('/', () => ({ status: 302, body: { moved: 'https://elsewhere.example/' } }));
    for (const [path, init] of [[COUNTRIES], ['/api/ramp/payments/crypto/quote', json(QUOTE)]] as const) {
      const before = t.upstream.calls.length;
      const res = await t.request(path, init);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_REDIRECT' });
      expect(t.upstream.calls.length - before).toBe(1);
    }
  });

  it("over HTTP with Node's fetch: the key never reaches the redirect's target", async () => {
    const target = { hits: 0 };
    const elsewhere = createServer((_, res) => {
      target.hits++;
      res.end('{}');
    });
    const upstream = createServer((req, res) => {
      req.resume();
      res.writeHead(307, { Location: `http://127.0.0.1:${port(elsewhere)}/payments/crypto/quote` }).end();
    });
    await Promise.all([listening(elsewhere), listening(upstream)]);
    try {
      const t = testServer({
        upstream: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
        env: { RAMP_API_BASE_URL: `http://127.0.0.1:${port(upstream)}` },
      });
      const res = await t.request('/api/ramp/payments/crypto/quote', json(QUOTE));
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ code: 'UPSTREAM_REDIRECT' });
      expect(target.hits).toBe(0);
    } finally {
      await Promise.all([elsewhere, upstream].map((s) => new Promise((r) => s.close(r))));
    }
  });
});

const listening = (s: Server) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
const port = (s: Server) => (s.address() as AddressInfo).port;
