// Process level: the host server (src/server/node/main.ts, its embedded ledger in a folder of its
// own) is killed (SIGKILL) while the upstream (the standalone sandbox, over HTTP) holds two session
// creations: one the upstream has not made yet, one it makes as the connection drops. Started again
// on the same ledger, the server settles both: the first is made and recorded (the shopper's retry
// of its Idempotency-Key gets it), the second is kept as lost with its intent given back. No intent
// stays claimed without an order, and every session the upstream made is in the ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEmbeddedLedger } from '../storage/ledger';
import { startUpstream } from '../testing/cluster';
import type { CountingUpstream } from '../testing/cluster';
import { startServer, stopServers } from '../testing/process';
import { quotedSession } from '../testing/session';
import { buySession } from '../../api/test-sessions';

const ADMIN = 'crash-test-admin-token-0123';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const BUY = buySession({ destinationCurrencyCode: 'ETH', walletAddress: WALLET });

let upstream: CountingUpstream;
const dataDir = mkdtempSync(join(tmpdir(), 'ramp-crash-'));
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await stopServers('SIGKILL');
  await upstream.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = () => ({
  RAMP_API_BASE_URL: upstream.origin,
  RAMP_API_KEY: upstream.apiKey,
  RAMP_SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
  RAMP_ADMIN_TOKEN: ADMIN,
  RAMP_DATA_DIR: dataDir,
  // The create's own timeout: a pending order is taken over 2 × 2 s + 5 s after it was written.
  RAMP_SESSION_TIMEOUT_MS: '2000',
  RAMP_SYNC_INTERVAL_MS: '200',
});

const admin = { Authorization: `Bearer ${ADMIN}` };
const sessionPosts = () => upstream.count('POST', '/crypto/session/widget');

describe('a server killed while the upstream holds its session creations', () => {
  it('settles them after a restart: no intent claimed without an order, no upstream session unrecorded', async () => {
    const first = startServer(env());
    const url = await first.ready;
    const send = (origin: string) => (path: string, init: RequestInit) => fetch(`${origin}${path}`, init);
    const mint = async (reference: string) => {
      const res = await fetch(`${url}/api/ramp/intents`, {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reference, amount: '100' }),
      });
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    };
    const [early, late] = [await mint('order-crash-1'), await mint('order-crash-2')];

    // The first creation waits at the upstream before it makes anything; the second is made as the
    // connection drops (a latency fault ends when its caller goes).
    upstream.faults.set([
      { method: 'POST', path: '/crypto/session/widget', kind: 'hang', times: 1 },
      { method: 'POST', path: '/crypto/session/widget', kind: 'latency', latencyMs: 60_000, times: 1 },
    ]);
    // How each held request ends for its browser (read at once: both end with the process).
    const hold = (key: string, secret: string) =>
      quotedSession(send(url), BUY, { 'Idempotency-Key': key, 'X-Ramp-Intent': secret }).then(
        (r) => r.status,
        () => 'connection lost',
      );
    const held = [hold('crash-key-early-0001', early)];
    await vi.waitFor(() => expect(sessionPosts()).toBe(1), { timeout: 5_000, interval: 20 });
    held.push(hold('crash-key-late-0001', late));
    await vi.waitFor(() => expect(sessionPosts()).toBe(2), { timeout: 5_000, interval: 20 });

    await first.stop('SIGKILL');
    expect(await Promise.all(held)).toEqual(['connection lost', 'connection lost']);
    // The upstream made the second session, for nobody.
    await vi.waitFor(() => expect(upstream.created).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const [orphan] = upstream.created;

    const second = startServer(env());
    const again = await second.ready;
    const status = async (secret: string) =>
      (await fetch(`${again}/api/ramp/intents/current`, { headers: { 'X-Ramp-Intent': secret } })).status;
    // Until taken over, both intents are held by their pending orders, and a retry waits.
    expect(await status(early)).toBe(409);
    const waiting = await quotedSession(send(again), BUY, {
      'Idempotency-Key': 'crash-key-early-0001',
      'X-Ramp-Intent': early,
    });
    expect(waiting.status).toBe(503);
    expect(await waiting.json()).toMatchObject({ code: 'SESSION_PENDING' });

    // Taken over: the first asked again (made now), the second found made for nobody.
    await vi.waitFor(() => expect(upstream.created).toHaveLength(2), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect(await status(late)).toBe(200), { timeout: 10_000, interval: 100 });
    const retried = await quotedSession(send(again), BUY, {
      'Idempotency-Key': 'crash-key-early-0001',
      'X-Ramp-Intent': early,
    });
    expect(retried.status).toBe(200);
    const resumed = (await retried.json()) as { id: string };
    expect(resumed.id).toBe(upstream.created[1]!.id);
    const orphanRetry = await quotedSession(send(again), BUY, {
      'Idempotency-Key': 'crash-key-late-0001',
      'X-Ramp-Intent': late,
    });
    expect(orphanRetry.status).toBe(409);
    expect(await orphanRetry.json()).toMatchObject({ code: 'SESSION_ALREADY_CREATED' });
    // The shopper of the second order starts again, and pays through this one.
    const restarted = await quotedSession(send(again), BUY, {
      'Idempotency-Key': 'crash-key-late-0002',
      'X-Ramp-Intent': late,
    });
    expect(restarted.status).toBe(200);

    const orders = async (reference: string) =>
      (
        (await (
          await fetch(`${again}/api/ramp/orders?reference=${reference}`, { headers: admin })
        ).json()) as {
          orders: { sessionId: string }[];
        }
      ).orders.map((o) => o.sessionId);
    expect(await orders('order-crash-1')).toEqual([resumed.id]);
    expect(await orders('order-crash-2')).toEqual([((await restarted.json()) as { id: string }).id]);
    expect(await status(early)).toBe(409);
    expect(await status(late)).toBe(409);

    // Every session the upstream made is in the ledger: an order, or the one nobody got, kept as lost.
    await second.stop('SIGTERM');
    const ledger = await openEmbeddedLedger(dataDir);
    try {
      for (const s of upstream.created) {
        const order = await ledger.orders.get(s.id);
        const pending = await ledger.pendingOrders.get(s.externalSessionId);
        if (s.id === orphan!.id) expect(pending).toMatchObject({ state: 'lost', request: null });
        else expect(order).not.toBeNull();
      }
      expect(upstream.created).toHaveLength(3);
    } finally {
      await ledger.close();
    }
  }, 90_000);
});
