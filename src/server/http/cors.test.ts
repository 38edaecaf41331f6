import { describe, expect, it } from 'vitest';
import { QUOTE_BODY as QUOTE } from '../testing/session';
import { QUOTE_PATH, json } from '../testing/upstream';
import { testServer } from '../testing/server';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

/** The CORS and security headers of an answer (less the route's own and the per-answer ones). */
const policyHeaders = (res: Response) => {
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!['content-type', 'content-length', 'cache-control', 'set-cookie', 'x-request-id'].includes(k))
      out[k] = v;
  });
  return out;
};

describe('CORS on /api/ramp', () => {
  it('grants an allowed origin and exposes the request id', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request(COUNTRIES, { headers: { Origin: 'https://shop.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.has('access-control-allow-credentials')).toBe(false);
  });

  it.each(['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'null'])(
    'gives %s no grant at all',
    async (origin) => {
      const { request } = testServer({ upstream: 'fake' });
      const res = await request(COUNTRIES, { headers: { Origin: origin } });
      expect(res.headers.has('access-control-allow-origin')).toBe(false);
      const pre = await request(COUNTRIES, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(pre.headers.has('access-control-allow-origin')).toBe(false);
      expect(pre.headers.has('access-control-allow-methods')).toBe(false);
      expect(pre.headers.has('access-control-allow-headers')).toBe(false);
    },
  );

  it('answers the preflight of an allowed origin with the allowed methods and headers', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/crypto/session/widget', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    // The exact lists: hardening/secrets.test.ts.
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(upstream.calls).toHaveLength(0);
  });

  it('tells any origin whether it is allowed, so a refused widget can say why', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const refused = await request('/api/ramp/origin', { headers: { Origin: 'http://localhost:3000' } });
    expect(refused.status).toBe(200);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.has('access-control-allow-credentials')).toBe(false);
    expect(await refused.json()).toEqual({ origin: 'http://localhost:3000', allowed: false });
    const granted = await request('/api/ramp/origin', { headers: { Origin: 'https://shop.example' } });
    expect(granted.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(await granted.json()).toEqual({ origin: 'https://shop.example', allowed: true });
    expect(upstream.calls).toHaveLength(0);
  });

  it('grants nobody when RAMP_ALLOWED_ORIGINS is unset (same origin only)', async () => {
    const { request } = testServer({ upstream: 'fake', env: { RAMP_ALLOWED_ORIGINS: '' } });
    const res = await request(COUNTRIES, { headers: { Origin: 'https://shop.example' } });
    expect(res.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('grants on error answers too, so the browser can read them', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/nope', { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });

  // A quote and a refused quote (the error handler's answer) carry the same grant and policy.
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['no Origin', {}, {}],
    ['an allowed origin', { Origin: 'https://shop.example' }, {}],
    ['an unknown origin', { Origin: 'https://evil.example' }, {}],
    ['HTTPS behind a trusted proxy', { 'X-Forwarded-Proto': 'https' }, { RAMP_TRUST_PROXY: '1' }],
  ])('gives answers and errors the same headers (%s)', async (_, headers, env) => {
    const { request } = testServer({ upstream: 'fake', env: env });
    const quoted = await request(QUOTE_PATH, json(QUOTE, headers));
    const refused = await request(QUOTE_PATH, json({ ...QUOTE, sourceAmount: 'lots' }, headers));
    expect([quoted.status, refused.status]).toEqual([200, 400]);
    expect(policyHeaders(quoted)).toEqual(policyHeaders(refused));
    expect(policyHeaders(quoted)).toMatchObject({
      vary: 'Origin',
      'content-security-policy': expect.stringContaining("default-src 'none'"),
      'x-frame-options': 'DENY',
      'access-control-expose-headers': 'X-Request-Id,Retry-After',
    });
    expect(quoted.headers.get('access-control-allow-origin')).toBe(
      headers.Origin === 'https://shop.example' ? 'https://shop.example' : null,
    );
    expect(quoted.headers.has('strict-transport-security')).toBe('X-Forwarded-Proto' in headers);
  });
});
