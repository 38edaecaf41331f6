// Requests as balancers and probes send them, over a real socket through serve() (the entry
// `npm start` runs): HAProxy's `option httpchk GET /readyz` is HTTP/1.0 without a Host header; some
// checkers send HTTP/1.1 without one. Each is answered, read as a request for the server's own
// origin; and a request the server cannot read at all is still answered with a request id, and logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/raw-http';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';

let s: ListeningTestServer<'fake'>;
beforeAll(async () => {
  s = await listeningTestServer({ upstream: 'fake' });
});
afterAll(() => s.close());

/** The log lines of requests for `path`, parsed. */
const logged = (path: string) =>
  s.lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request' && l.path === path);

describe('requests without a Host header', () => {
  it.each([
    ['HTTP/1.0 /readyz, as HAProxy checks', 'GET /readyz HTTP/1.0\r\n\r\n', 200, '/readyz'],
    ['HTTP/1.0 /healthz', 'GET /healthz HTTP/1.0\r\n\r\n', 200, '/healthz'],
    ['HTTP/1.1 /readyz', 'GET /readyz HTTP/1.1\r\nConnection: close\r\n\r\n', 200, '/readyz'],
    [
      'HTTP/1.0 to the API',
      'GET /api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP HTTP/1.0\r\n\r\n',
      200,
      '/api/ramp/network-partner/supported/countries',
    ],
  ])('answers %s, and logs it', async (_, bytes, status, path) => {
    const before = logged(path).length;
    const res = await rawRequest(s.port, bytes);
    expect(res.status).toBe(status);
    expect(logged(path)).toHaveLength(before + 1);
    expect(logged(path).at(-1)).toMatchObject({ status, requestId: res.headers['x-request-id'] });
  });
});

describe('a request the server cannot read', () => {
  it.each([
    [
      'a backslash in its path',
      'GET /api/ramp\\bootstrap HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    ],
    ['a Host header that is no host', 'GET /readyz HTTP/1.1\r\nHost: a/b@c\r\nConnection: close\r\n\r\n'],
  ])('with %s is answered 400 INVALID_PATH with a request id, and logged', async (_, bytes) => {
    const res = await rawRequest(s.port, bytes);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { code: string; requestId: string };
    expect(body.code).toBe('INVALID_PATH');
    expect(res.headers['x-request-id']).toBe(body.requestId);
    const line = s.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === body.requestId);
    expect(line).toMatchObject({ msg: 'request', method: 'GET', status: 400, client: '127.0.0.1' });
  });
});
