import { describe, expect, it } from 'vitest';
import { testApp } from './test-upstream';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

describe('CORS on /api/ramp', () => {
  it('grants an allowed origin and exposes the request id', async () => {
    const { request } = testApp();
    const res = await request(COUNTRIES, { headers: { Origin: 'https://shop.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.has('access-control-allow-credentials')).toBe(false);
  });

  it.each(['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'null'])(
    'gives %s no grant at all',
    async (origin) => {
      const { request } = testApp();
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
    const { request, upstream } = testApp();
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

  it('grants nobody when RAMP_ALLOWED_ORIGINS is unset (same origin only)', async () => {
    const { request } = testApp({ RAMP_ALLOWED_ORIGINS: '' });
    const res = await request(COUNTRIES, { headers: { Origin: 'https://shop.example' } });
    expect(res.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('grants on error answers too, so the browser can read them', async () => {
    const { request } = testApp();
    const res = await request('/api/ramp/nope', { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
