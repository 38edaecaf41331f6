// Repeat discovery reads are answered from the cache while its entry is fresh: the same body and
// headers as the first answer (CORS per Origin, security headers), a request id of their own, no
// upstream call; past freshness the stale entry answers while it is refreshed.
import { describe, expect, it } from 'vitest';
import { testServer } from '../../testing/server';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const SHOP = 'https://shop.example';

const headersOf = (res: Response) => {
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k !== 'x-request-id' && k !== 'x-cache' && k !== 'content-length') out[k] = v;
  });
  return out;
};

describe('fresh discovery answers', () => {
  it('answer a repeat like the first, with its own request id and no upstream call', async () => {
    const { request, upstream, lines } = testServer({ upstream: 'fake' });
    const first = await request(COUNTRIES);
    const second = await request(COUNTRIES);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(headersOf(second)).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=30',
      vary: 'Origin',
    });
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await second.text()).toBe(await first.text());
    expect(upstream.calls).toHaveLength(1);
    const requests = lines.filter((l) => l.includes('"msg":"request"'));
    expect(requests.at(-1)).toContain('"cache":"HIT"');
  });

  it('keep answers per Origin, so a merchant origin gets its CORS grant and others none', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    await request(COUNTRIES);
    const plain = await request(COUNTRIES);
    const shop = await request(COUNTRIES, { headers: { Origin: SHOP } });
    const shopAgain = await request(COUNTRIES, { headers: { Origin: SHOP } });
    const stranger = await request(COUNTRIES, { headers: { Origin: 'https://evil.example' } });
    expect(plain.headers.has('access-control-allow-origin')).toBe(false);
    expect(shop.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(shopAgain.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(shopAgain.headers.get('x-cache')).toBe('HIT');
    expect(stranger.headers.has('access-control-allow-origin')).toBe(false);
    expect(upstream.calls).toHaveLength(1);
  });

  it('are not kept past the cache entry’s freshness', async () => {
    const { request, upstream, clock } = testServer({ upstream: 'fake' });
    await request(COUNTRIES);
    clock.advance(60_000);
    const later = await request(COUNTRIES);
    expect(later.headers.get('x-cache')).toBe('STALE');
    await new Promise((r) => setTimeout(r, 0));
    expect(upstream.calls).toHaveLength(2);
  });

  it('never answer another method or another query', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    await request(COUNTRIES);
    expect((await request(COUNTRIES, { method: 'POST' })).status).toBe(405);
    const other = await request(`${COUNTRIES}&partners=BANXA`);
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(upstream.calls).toHaveLength(2);
  });
});
