// Several instances behind one public URL (a round-robin balancer), sharing Redis and a real
// PostgreSQL: the service's duplicate webhooks land on different instances, each records the event in
// the shared ledger, and the order's change and its merchant event happen once.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../../sandbox';
import { resolveConfig } from '../../config/config';
import { loadConfig } from '../../config/env';
import { nodeHandler, verifyWebhook } from '../../index';
import type { WebhookEvent } from '../../index';
import { testServer } from '../../testing/server';
import { freshDatabase, missingServices, redisDb } from '../../testing/services';
import { quotedSession } from '../../testing/session';
import { registerUpstreamWebhook } from './register';

const KEY = 'sk_test_upstream_cluster_0123456789';
const MERCHANT_SECRET = 'whsec_cluster_0123456789abcdef0123456789';
const skip = missingServices('upstream webhooks on several instances', ['redis', 'postgres']);

const servers: Server[] = [];
let dropDb: (() => Promise<void>) | undefined;

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
  });

afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await dropDb?.();
});

describe.skipIf(skip)('upstream webhooks on several instances (real Redis and PostgreSQL)', () => {
  it('applies each event once, whichever instance receives it', async () => {
    // The sandbox's own origin is known once it listens: the handler comes after.
    const route: { to?: (req: IncomingMessage, res: ServerResponse) => void } = {};
    const sandboxOrigin = await listen((req, res) => route.to!(req, res));
    const sandbox = createSandbox({ apiKey: KEY, publicBaseUrl: sandboxOrigin, timeScale: 0.3 });
    route.to = getRequestListener((req) => sandbox.app.fetch(req)) as never;

    const received: WebhookEvent[] = [];
    const merchant = await listen((req, res) => {
      void body(req).then((raw) => {
        received.push(verifyWebhook(raw.toString(), String(req.headers['ramp-signature']), MERCHANT_SECRET));
        res.statusCode = 204;
        res.end();
      });
    });

    // The balancer: the public URL, forwarding each request to the next instance in turn.
    const backends: string[] = [];
    let next = 0;
    const hits: number[] = [0, 0];
    const publicUrl = await listen((req, res) => {
      void body(req).then(async (raw) => {
        const i = next++ % backends.length;
        hits[i]!++;
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            ([k, v]) => typeof v === 'string' && k !== 'host' && k !== 'connection',
          ),
        ) as Record<string, string>;
        const answer = await fetch(`${backends[i]}${req.url}`, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(raw),
        });
        res.statusCode = answer.status;
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });

    const { secret } = await registerUpstreamWebhook({
      config: resolveConfig(
        loadConfig({ RAMP_API_BASE_URL: sandboxOrigin, RAMP_API_KEY: KEY, RAMP_PUBLIC_URL: publicUrl }),
      ),
    });
    const db = await freshDatabase('upstream_webhooks');
    dropDb = db.drop;
    for (let i = 0; i < 2; i++) {
      // Each instance's jobs run (the webhook sender, the events' applier), on the real clock.
      const { server: ramp } = testServer({
        options: {
          role: 'all',
          apiBaseUrl: sandboxOrigin,
          apiKey: KEY,
          publicUrl,
          redisUrl: redisDb(11),
          databaseUrl: db.url,
          sessionSecret: 'cluster-session-secret-0123456789abcdef',
          upstreamWebhookSecret: secret,
          webhookUrl: `${merchant}/webhooks/ramp`,
          webhookSecret: MERCHANT_SECRET,
          webhookRetryBaseMs: 50,
          syncIntervalMs: 600_000,
          leaseTtlMs: 1_000,
          rateLimitSession: '600/100',
          rateLimitQuote: '600/100',
        },
        upstream: globalThis.fetch,
        clock: 'system',
      });
      await ramp.ready();
      backends.push(await listen(nodeHandler(ramp) as never));
    }

    sandbox.scenarios.set({ walks: { BANXA: 'swap' }, webhooks: { duplicates: true } });
    const res = await quotedSession(
      (path, init) => fetch(`${backends[0]}${path}`, init),
      {
        sessionType: 'BUY',
        sessionData: {
          serviceProvider: 'BANXA',
          countryCode: 'US',
          sourceCurrencyCode: 'USD',
          sourceAmount: '100',
          destinationCurrencyCode: 'ETH',
          paymentMethodType: 'CREDIT_DEBIT_CARD',
          walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        },
      },
      { 'Idempotency-Key': `upstream-cluster-${Date.now()}-${process.pid}` },
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const paid = await fetch(`${sandboxOrigin}/provider/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const types = () => received.filter((e) => e.data.sessionId === id).map((e) => e.type);
    await vi.waitFor(() => expect(types()).toContain('transaction.completed'), {
      timeout: 20_000,
      interval: 50,
    });
    await new Promise((r) => setTimeout(r, 1_000));

    // Both instances took events (duplicates included), and each change was announced once: one
    // event id each. Delivery is at least once (docs/CONTRACTS.md §5): an instance whose lease
    // lapses under load may send an event again, with the same id and body, and the merchant
    // deduplicates on the id, as here.
    expect(hits.every((n) => n > 0)).toBe(true);
    const byId = new Map(received.map((e) => [e.id, e]));
    for (const e of received) expect(e).toEqual(byId.get(e.id));
    const events = [...byId.values()].filter((e) => e.data.sessionId === id);
    expect(events.filter((e) => e.type === 'transaction.completed')).toHaveLength(1);
    const statuses = events.map((e) => e.data.status);
    expect(new Set(statuses).size).toBe(statuses.length);
    sandbox.webhooks.stop();
  }, 60_000);
});
