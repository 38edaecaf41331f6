// The server as users run it: `npm start` (the built dist/server/main.js), nodeHandler inside an
// Express app, and createRampServer().fetch as a Web-standard host calls it. Each must tell its
// clients apart (rate limits per client, the session's clientIpAddress), here two shoppers at
// 127.0.0.1 and 127.0.0.2 (any 127/8 address is local on Linux).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHandler } from '../index';
import type { RampServerOptions } from '../index';
import { send, postJson } from '../testing/client';
import { startInstance, startUpstream } from '../testing/cluster';
import type { CountingUpstream, Instance } from '../testing/cluster';
import { testServer } from '../testing/server';
import type { TestServer } from '../testing/server';
import { QUOTE_BODY, SESSION_BODY } from '../testing/session';
import { QUOTE_PATH, SESSION_PATH, quoteFor } from '../testing/session';

const ONE = '127.0.0.1';
const TWO = '127.0.0.2';
/**
 * Three quotes and ten discovery misses at once per client, then one a minute: quick to spend, and
 * enough misses for a session's checks (they read the discovery data the session is checked with).
 */
const BURST = { quote: 3, discovery: 10 };
const LIMITS = { quote: `1/${BURST.quote}`, discovery: `1/${BURST.discovery}` };

let upstream: CountingUpstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());

/** How a test reaches an entry: a request from the shopper at `from`. */
type Client = (
  path: string,
  o: { from: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{
  status: number;
  body: Record<string, unknown>;
}>;

const overSocket =
  (origin: () => string): Client =>
  async (path, { from, body, headers }) => {
    const a =
      body === undefined
        ? await send(origin(), path, { from, headers })
        : await postJson(origin(), path, body, { from, headers });
    return { status: a.status, body: a.json() };
  };

/** A discovery read the cache has not seen (each a miss): defaults of a made-up country. */
let misses = 0;
const nextMiss = () => {
  const n = misses++;
  const code = String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
  return `/api/ramp/network-partner/defaults/${code}/CRYPTO_ONRAMP`;
};

interface Shoppers {
  one: string;
  two: string;
  /** A third, whose allowances are untouched for its session. */
  three: string;
}

function allowancesPerClient(name: string, client: () => Client, who: Shoppers) {
  describe(name, () => {
    it('gives each client its own quote allowance', async () => {
      const c = client();
      const one = [];
      for (let i = 0; i <= BURST.quote; i++)
        one.push((await c(QUOTE_PATH, { from: who.one, body: QUOTE_BODY })).status);
      expect(one).toEqual([200, 200, 200, 429]);
      expect((await c(QUOTE_PATH, { from: who.two, body: QUOTE_BODY })).status).toBe(200);
    });

    it('gives each client its own allowance of discovery misses', async () => {
      const c = client();
      const one = [];
      for (let i = 0; i <= BURST.discovery; i++) one.push((await c(nextMiss(), { from: who.one })).status);
      expect(one.slice(BURST.discovery)).toEqual([429]);
      expect(one.slice(0, BURST.discovery)).not.toContain(429);
      expect((await c(nextMiss(), { from: who.two })).status).not.toBe(429);
    });

    it('sends the caller’s address upstream with its session', async () => {
      const c = client();
      // A third address: the tests above spent the first two's allowances.
      await c(QUOTE_PATH, { from: who.three, body: quoteFor(SESSION_BODY) });
      const before = upstream.sessions.length;
      const res = await c(SESSION_PATH, {
        from: who.three,
        body: SESSION_BODY,
        headers: { 'Idempotency-Key': `entries-${name.replace(/\W/g, '')}-${Date.now()}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(upstream.sessions.slice(before).map((s) => s.sessionData.clientIpAddress)).toEqual([who.three]);
    });
  });
}

const env = (extra: Record<string, string> = {}) => ({
  RAMP_API_BASE_URL: upstream.origin,
  RAMP_API_KEY: upstream.apiKey,
  RAMP_RATE_LIMIT_QUOTE: LIMITS.quote,
  RAMP_RATE_LIMIT_DISCOVERY: LIMITS.discovery,
  RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-entries-')),
  ...extra,
});

describe('npm start (dist/server/main.js)', () => {
  let instance: Instance;
  let behindProxy: Instance;
  beforeAll(async () => {
    [instance, behindProxy] = await Promise.all([
      startInstance(env()),
      startInstance(env({ RAMP_TRUST_PROXY: '1' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([instance?.stop(), behindProxy?.stop()]);
  });

  allowancesPerClient('by socket address', () => overSocket(() => instance.origin), {
    one: ONE,
    two: TWO,
    three: '127.0.0.3',
  });

  // One proxy (here: the test) connects for everyone and appends the shopper's address.
  const forwarded: () => Client = () => {
    const c = overSocket(() => behindProxy.origin);
    return (path, o) => c(path, { ...o, from: ONE, headers: { ...o.headers, 'X-Forwarded-For': o.from } });
  };
  allowancesPerClient('behind RAMP_TRUST_PROXY=1, by X-Forwarded-For', forwarded, {
    one: '198.51.100.1',
    two: '198.51.100.2',
    three: '198.51.100.3',
  });
});

/** The server in process, on that upstream over HTTP, on the real clock. */
const inProcess = (more: Partial<RampServerOptions> = {}) =>
  testServer({
    options: {
      apiBaseUrl: upstream.origin,
      apiKey: upstream.apiKey,
      rateLimitQuote: LIMITS.quote,
      rateLimitDiscovery: LIMITS.discovery,
      ...more,
    },
    upstream: globalThis.fetch,
    clock: 'system',
  });

describe('nodeHandler in an Express app', () => {
  let ramp: TestServer;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    ramp = inProcess();
    const app = express();
    app.get('/shop/health', (_req, res) => void res.send('ok'));
    app.use(nodeHandler(ramp.server));
    server = app.listen(0, ONE);
    await new Promise((ok) => server.once('listening', ok));
    origin = `http://${ONE}:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
    await ramp.close();
  });

  allowancesPerClient('by socket address', () => overSocket(() => origin), {
    one: ONE,
    two: TWO,
    three: '127.0.0.3',
  });
});

describe('createRampServer().fetch with a clientIp option', () => {
  let ramp: TestServer;
  beforeAll(() => {
    ramp = inProcess({ clientIp: (request) => request.headers.get('x-real-ip') });
  });
  afterAll(() => ramp.close());

  const viaFetch: Client = async (path, { from, body, headers }) => {
    const res = await ramp.server.fetch(
      new Request(`http://shop.example${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', 'x-real-ip': from, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  allowancesPerClient('by the address clientIp gives', () => viaFetch, {
    one: '192.0.2.1',
    two: '192.0.2.2',
    three: '192.0.2.3',
  });

  it('refuses, never pools, clients whose address is unknown, and says so once', async () => {
    const { server: blind, lines } = inProcess();
    await blind.ready();
    const quote = () =>
      blind.fetch(
        new Request(`http://shop.example${QUOTE_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(QUOTE_BODY),
        }),
      );
    const answers = [await quote(), await quote()];
    expect(answers.map((r) => r.status)).toEqual([500, 500]);
    expect(((await answers[0]!.json()) as { code: string }).code).toBe('CLIENT_ADDRESS_UNKNOWN');
    expect(lines.filter((l) => l.includes('"msg":"client address unknown"'))).toHaveLength(1);
    // Told by its caller, it counts the client.
    const told = await blind.fetch(
      new Request(`http://shop.example${QUOTE_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(QUOTE_BODY),
      }),
      { ip: '192.0.2.9' },
    );
    expect(told.status).toBe(200);
  });
});
