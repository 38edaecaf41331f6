// Behind RAMP_TRUST_PROXY the client address is read from X-Forwarded-For: a request carrying two
// such headers (Node would join them, the client's own entry last) is refused, over a real socket
// through serve(), the entry `npm start` runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-http';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';

let s: ListeningTestServer<'fake'>;
beforeAll(async () => {
  s = await listeningTestServer({ upstream: 'fake', env: { RAMP_TRUST_PROXY: '1' } });
});
afterAll(() => s.close());

const raw = async (headers: string) =>
  (
    await rawRequest(
      s.port,
      'GET /api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP HTTP/1.1\r\n' +
        `Host: shop.example\r\n${headers}Connection: close\r\n\r\n`,
    )
  ).text;

describe('X-Forwarded-For with RAMP_TRUST_PROXY=1', () => {
  it('is refused when sent twice, and read when sent once', async () => {
    const twice = await raw('X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-For: 198.51.100.1\r\n');
    expect(twice).toMatch(/^HTTP\/1\.1 400/);
    expect(twice).toContain('Send x-forwarded-for once');
    expect(await raw('X-Forwarded-For: 203.0.113.9, 198.51.100.1\r\n')).toMatch(/^HTTP\/1\.1 200/);
  });
});
