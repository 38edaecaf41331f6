// The server inside a merchant's own Node app, on a real HTTP server: mounted under a path with
// Express (which strips it) and Fastify (an onRequest hook, which does not), at the root before the
// app's routes, and on plain node:http. It answers
// under its path (pages, their files, /api/ramp, the sandbox's pages and icons) and leaves every
// other path to the app.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createRampServer, nodeHandler } from '../index';
import type { RampServer } from '../index';
import { testServer } from '../testing/server';
import { BUY_SESSION, QUOTE_PATH, json, quoteFor, quotedSession } from '../testing/upstream';

// A stand-in build of the hosted page, linking its files relative to itself (as Vite's base './').
const hostedDir = mkdtempSync(join(tmpdir(), 'ramp-mount-'));
mkdirSync(join(hostedDir, 'assets'));
writeFileSync(
  join(hostedDir, 'index.html'),
  '<head><script type="module" src="./assets/app.js"></script></head>',
);
writeFileSync(join(hostedDir, 'console.html'), '<p>console</p>');
writeFileSync(join(hostedDir, 'assets/app.js'), 'export {};');
const embedFile = join(hostedDir, 'embed.js');
writeFileSync(embedFile, '/* embed */');

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** The server with that public URL, serving the stand-in build, on the real clock. */
const ramp = (publicUrl: string): RampServer =>
  testServer({ options: { publicUrl }, static: { hostedDir, embedFile }, clock: 'system' }).server;

/** A port to listen on that the publicUrl can name before the server exists. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

async function listenOn(port: number, handler: Parameters<typeof createServer>[1] | express.Express) {
  const server = createServer(handler as Parameters<typeof createServer>[1]);
  servers.push(server);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return `http://127.0.0.1:${port}`;
}

const get = (url: string, init?: RequestInit) => fetch(url, { redirect: 'manual', ...init });

describe("Express, mounted at app.use('/ramp', nodeHandler(ramp))", () => {
  it('answers under /ramp, sandbox pages and icons included, and leaves the app its own routes', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = express();
    app.get('/', (_req, res) => void res.send('merchant home'));
    app.use('/ramp', nodeHandler(ramp(`${origin}/ramp`)));
    app.use(express.json());
    app.post('/orders', (req, res) => void res.json({ got: req.body as unknown }));
    app.get('/ramp/mine', (_req, res) => void res.send('merchant route under /ramp'));
    await listenOn(port, app);

    expect(await (await get(`${origin}/`)).text()).toBe('merchant home');
    const bare = await get(`${origin}/ramp?direction=sell`);
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/ramp/?direction=sell');
    expect(await (await get(`${origin}/ramp/`)).text()).toContain('./assets/app.js');
    // The page's first data, asked of the server's own /bootstrap route under the mount path.
    expect(await (await get(`${origin}/ramp/?country=US`)).text()).toContain(
      '<script type="application/json" id="rc-first-data">{"request":"/api/ramp/bootstrap?category=CRYPTO_ONRAMP\\u0026country=US","answer":{"countries":',
    );
    expect((await get(`${origin}/ramp/assets/app.js`)).status).toBe(200);
    expect((await get(`${origin}/ramp/console`)).status).toBe(200);
    expect(await (await get(`${origin}/ramp/ramp-checkout.js`)).text()).toBe('/* embed */');
    expect(await (await get(`${origin}/ramp/healthz`)).json()).toMatchObject({ ok: true });

    const currencies = await get(
      `${origin}/ramp/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO`,
    );
    expect(currencies.status).toBe(200);
    const icon = JSON.stringify(await currencies.json()).match(/"(http[^"]+\.svg)"/)?.[1];
    expect(icon).toMatch(new RegExp(`^${origin}/ramp/api/ramp/sandbox/assets/`));
    const svg = await get(icon!);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/svg/);

    expect(await (await get(`${origin}/ramp/mine`)).text()).toBe('merchant route under /ramp');
    const posted = await get(`${origin}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":7}',
    });
    expect(await posted.json()).toEqual({ got: { id: 7 } });
    // The server's own API keeps its answers, 404s included.
    const unknown = await get(`${origin}/ramp/api/ramp/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/json/);
  });
});

describe('Fastify, the server under /ramp from an onRequest hook (the README’s recipe)', () => {
  it('answers under /ramp, a session included, and leaves Fastify its routes, bodies and 404s', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const handle = nodeHandler(ramp(`${origin}/ramp`));
    const app = Fastify();
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/ramp')) return;
      let passed = false;
      await handle(request.raw, reply.raw, () => void (passed = true));
      if (!passed) reply.hijack();
    });
    app.get('/', async () => 'merchant home');
    app.get('/ramp/mine', async () => 'merchant route under /ramp');
    app.post('/ramp/orders', async (request) => ({ got: request.body }));
    await app.listen({ port, host: '127.0.0.1' });
    try {
      expect(await (await get(`${origin}/`)).text()).toBe('merchant home');
      expect((await get(`${origin}/ramp?direction=sell`)).headers.get('location')).toBe(
        '/ramp/?direction=sell',
      );
      expect(await (await get(`${origin}/ramp/`)).text()).toContain('./assets/app.js');
      expect((await get(`${origin}/ramp/assets/app.js`)).status).toBe(200);
      expect((await get(`${origin}/ramp/console`)).status).toBe(200);
      expect(await (await get(`${origin}/ramp/ramp-checkout.js`)).text()).toBe('/* embed */');
      const countries = await get(
        `${origin}/ramp/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`,
      );
      expect(countries.status).toBe(200);

      // The server reads the raw body itself: Fastify has parsed none of it.
      const send = (path: string, init: RequestInit) => get(`${origin}/ramp${path}`, init);
      const quote = await send(QUOTE_PATH, json(quoteFor(BUY_SESSION)));
      expect(quote.status).toBe(200);
      expect(await quote.json()).toMatchObject({ quotes: [{ serviceProvider: 'BANXA' }] });
      const session = await quotedSession(send, BUY_SESSION, { 'Idempotency-Key': 'fastify-0001' });
      expect(session.status).toBe(200);
      const { id, widgetUrl } = (await session.json()) as { id: string; widgetUrl: string };
      expect(id).toEqual(expect.any(String));
      expect(widgetUrl).toMatch(new RegExp(`^${origin}/ramp/api/ramp/sandbox/`));
      expect((await get(widgetUrl)).status).toBe(200);

      // A path the server passes on reaches the app's route with its body still unread.
      expect(await (await get(`${origin}/ramp/mine`)).text()).toBe('merchant route under /ramp');
      const posted = await get(`${origin}/ramp/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"id":7}',
      });
      expect(await posted.json()).toEqual({ got: { id: 7 } });
      // Paths the server does not own get Fastify's 404; its own API keeps its answers.
      for (const path of ['/nowhere', '/ramp/nowhere']) {
        const missing = await get(`${origin}${path}`);
        expect(missing.status).toBe(404);
        expect(await missing.json()).toMatchObject({
          error: 'Not Found',
          message: `Route GET:${path} not found`,
        });
      }
      const unknown = await get(`${origin}/ramp/api/ramp/nothing-here`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});

describe('Express, at the root before the app’s routes and body parsers', () => {
  it('serves its own paths and passes the others on, POST bodies intact', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const app = express();
    app.use(nodeHandler(ramp(origin)));
    app.use(express.json());
    app.get('/shop', (_req, res) => void res.send('shop'));
    app.post('/orders', (req, res) => void res.json({ got: req.body as unknown }));
    await listenOn(port, app);

    expect(await (await get(`${origin}/shop`)).text()).toBe('shop');
    const posted = await get(`${origin}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"id":7}',
    });
    expect(await posted.json()).toEqual({ got: { id: 7 } });
    expect((await get(`${origin}/healthz`)).status).toBe(200);
    expect(
      (await get(`${origin}/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`)).status,
    ).toBe(200);
    expect((await get(`${origin}/nowhere`)).status).toBe(404); // Express's own 404
  });
});

describe('plain node:http, RAMP_PUBLIC_URL with a path', () => {
  it('answers under that path with or without the prefix stripped, and 404 elsewhere', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const r = ramp(`${origin}/pay`);
    expect(r.config.basePath).toBe('/pay');
    await listenOn(port, nodeHandler(r));
    expect((await get(`${origin}/pay/healthz`)).status).toBe(200);
    expect((await get(`${origin}/pay`)).headers.get('location')).toBe('/pay/');
    expect(await (await get(`${origin}/pay/`)).text()).toContain('./assets/app.js');
    const currencies = await get(
      `${origin}/pay/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`,
    );
    expect(currencies.status).toBe(200);
    expect((await get(`${origin}/elsewhere`)).status).toBe(404);
  });
});

describe('RAMP_PUBLIC_URL', () => {
  it('takes an origin with a mount path, and refuses a query or an encoded path', () => {
    // Each with a ledger of its own, closed after: never the working directory's default one.
    expect(ramp('https://shop.example/ramp/').config).toMatchObject({
      publicUrl: 'https://shop.example',
      basePath: '/ramp',
    });
    expect(ramp('https://shop.example').config.basePath).toBe('');
    for (const bad of [
      'https://shop.example/ramp?x=1',
      'https://shop.example/r%61mp',
      'ftp://shop.example',
    ]) {
      expect(() => createRampServer({ publicUrl: bad })).toThrow(/^ *- publicUrl: must be scheme:\/\/host/m);
    }
  });
});
