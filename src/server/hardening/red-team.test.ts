// What the red team found, through the server as `npm start` runs it: wrong console tokens are
// throttled on every route that takes the token (one check, one count), and a request with two
// Host headers is refused.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FAILURES } from '../http/admin';
import { send } from '../testing/client';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';
import { ADMIN_TOKEN } from '../testing/server';

let t: ListeningTestServer<'fake'>;
beforeAll(async () => {
  t = await listeningTestServer({ upstream: 'fake' });
});
afterAll(() => t.close());

const wrong = { authorization: 'Bearer not-the-console-token-0000' };

describe('wrong console tokens', () => {
  it('count once for all routes that take the token, merchant routes included', async () => {
    const routes = [
      ['GET', '/api/ramp/orders'],
      ['GET', '/api/ramp/webhooks/deliveries'],
      ['POST', '/api/ramp/intents'],
      ['GET', '/api/ramp/admin/session'],
    ] as const;
    const from = '127.0.0.5';
    const statuses: number[] = [];
    for (let i = 0; i < ADMIN_FAILURES.burst; i++) {
      const [method, path] = routes[i % routes.length]!;
      statuses.push((await send(t.origin, path, { method, headers: wrong, from })).status);
    }
    expect(statuses).toEqual(Array.from({ length: ADMIN_FAILURES.burst }, () => 401));
    for (const [method, path] of routes) {
      const res = await send(t.origin, path, { method, headers: wrong, from });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 429`);
      expect(res.headers['retry-after']).toBeDefined();
    }
    // Another client is not held back; the throttled one's right token is not even compared.
    expect((await send(t.origin, '/api/ramp/orders', { headers: wrong, from: '127.0.0.6' })).status).toBe(
      401,
    );
    const right = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await send(t.origin, '/api/ramp/orders', { headers: right, from })).status).toBe(429);
    expect((await send(t.origin, '/api/ramp/orders', { headers: right, from: '127.0.0.7' })).status).toBe(
      200,
    );
  });
});

describe('two Host headers', () => {
  it('are refused with 400 DUPLICATE_HEADER', async () => {
    const said = await new Promise<string>((resolve) => {
      const socket = connect(Number(t.port), '127.0.0.1', () =>
        socket.end(
          'GET /api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP HTTP/1.1\r\n' +
            'Host: shop.example\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
        ),
      );
      let got = '';
      socket.on('data', (d) => (got += d.toString()));
      socket.on('close', () => resolve(got));
    });
    expect(said).toMatch(/^HTTP\/1\.1 400/);
    expect(said).toContain('DUPLICATE_HEADER');
    expect(t.upstream.calls).toHaveLength(0);
  });
});
