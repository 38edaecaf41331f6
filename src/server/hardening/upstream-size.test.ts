// An upstream answer is read up to a size cap: a larger one is a clear 502, costs no more memory
// than the cap, and is never cached.
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/config';
import { loadConfig } from '../config/env';
import { COUNTRIES as SOME_COUNTRIES } from '../testing/upstream';
import { testServer } from '../testing/server';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const big = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ countryCode: 'US', name: `Country ${i} ${'x'.repeat(80)}` }));

describe('upstream response size', () => {
  it('defaults to a cap and reads it from RAMP_UPSTREAM_MAX_BYTES', () => {
    expect(resolveConfig(loadConfig({})).upstream.maxResponseBytes).toBe(2 * 1024 * 1024);
    expect(resolveConfig(loadConfig({ RAMP_UPSTREAM_MAX_BYTES: '65536' })).upstream.maxResponseBytes).toBe(
      65536,
    );
    expect(() => resolveConfig(loadConfig({ RAMP_UPSTREAM_MAX_BYTES: '12' }))).toThrow(
      /RAMP_UPSTREAM_MAX_BYTES/,
    );
  });

  it('answers 502 UPSTREAM_RESPONSE_TOO_LARGE above the cap, without retrying, and caches nothing', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_UPSTREAM_MAX_BYTES: '65536' } });
    let size = 5_000; // ≈ 500 KB
    t.upstream.on('/network-partner/supported/countries', () => ({
      status: 200,
      body: { countries: size > 0 ? big(size) : SOME_COUNTRIES },
    }));
    const res = await t.request(COUNTRIES);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_RESPONSE_TOO_LARGE' });
    expect(t.upstream.calls).toHaveLength(1);

    // Not cached: the next request asks again, and a normal answer is served (and cached).
    size = 0;
    const ok = await t.request(COUNTRIES);
    expect(ok.status).toBe(200);
    expect(t.upstream.calls).toHaveLength(2);
    expect((await t.request(COUNTRIES)).status).toBe(200);
    expect(t.upstream.calls).toHaveLength(2);
  });

  it('caps error bodies too', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_UPSTREAM_MAX_BYTES: '65536' } });
    t.upstream.on('/payments/crypto/quote', () => ({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'x'.repeat(200_000) },
    }));
    const res = await t.request('/api/ramp/payments/crypto/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: 100,
        destinationCurrencyCode: 'BTC',
      }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_RESPONSE_TOO_LARGE' });
  });
});
