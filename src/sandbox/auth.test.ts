import { describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox';
import { createTestSandbox, TEST_API_KEY } from './test-kit';

const COUNTRIES = '/network-partner/supported/countries?category=CRYPTO_ONRAMP';

describe('authorization', () => {
  const t = createTestSandbox();
  const call = (path: string, authorization?: string) =>
    t.sandbox.fetch(`http://upstream.test${path}`, {
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });

  it.each([
    ['no header', undefined],
    ['a wrong key', 'BASIC not-the-key'],
    ['another scheme', `Bearer ${TEST_API_KEY}`],
    ['the key alone', TEST_API_KEY],
    ['an empty key', 'BASIC '],
  ])('answers 401 UNAUTHORIZED with %s', async (_name, header) => {
    for (const path of [COUNTRIES, '/payments/transactions']) {
      const res = await call(path, header);
      expect(res.status).toBe(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ code: 'UNAUTHORIZED', message: 'Access denied' });
      expect(body.requestId).toMatch(/^[0-9A-Z]{26}$/);
      expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    }
  });

  it('accepts the scheme word in any case', async () => {
    for (const scheme of ['BASIC', 'Basic', 'basic']) {
      expect((await call(COUNTRIES, `${scheme} ${TEST_API_KEY}`)).status).toBe(200);
    }
  });

  it('refuses POSTs without the key before reading the body', async () => {
    const res = await t.sandbox.fetch('http://upstream.test/payments/crypto/quote', {
      method: 'POST',
      body: '{',
    });
    expect(res.status).toBe(401);
  });

  it('serves the provider page and assets without the key (browsers open them)', async () => {
    expect((await call('/assets/currency/BTC.svg')).headers.get('content-type')).toContain('image/svg+xml');
    expect((await call('/assets/provider.css')).status).toBe(200);
    expect((await call('/provider/checkout/ses_unknown')).status).toBe(404);
  });

  it('rejects a malformed version header with the documented error', async () => {
    const res = await t.get(COUNTRIES, { 'Service-Version': 'latest' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: ['[Service-Version] is invalid'] });
    expect((await t.get(COUNTRIES, { 'Service-Version': '2026-02-03' })).status).toBe(200);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await t.get('/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs an API key to be created', () => {
    expect(() => createSandbox({ apiKey: '' })).toThrow(/apiKey/);
  });
});
