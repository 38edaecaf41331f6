// Session creation with the ledger, through the package's surface (createRampServer over the
// sandbox): the order is written as pending before the service is asked, so a ledger that cannot
// take it refuses the request at once (503, nothing reaches the service), a ledger write that fails
// after the service answered is retried (the shopper never gets an unrecorded session, nor a 500),
// and an answer lost on the way is settled in the background: recorded when the service has or
// makes the session, the intent given back when nobody can open it.
import { describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '../../api/types';
import { createSandbox } from '../../sandbox';
import { SANDBOX_BASE_URL } from '../config/defaults';
import { openEmbeddedLedger } from '../storage/ledger';
import { LedgerUnavailable } from '../storage/ledger/unavailable';
import type { Ledger } from '../storage/ledger/ledger';
import { pendingOrder } from '../testing/pending-orders';
import { ADMIN_TOKEN as ADMIN, testServer } from '../testing/server';
import { TEST_KEY, quotedSession } from '../testing/upstream';
import { createOrderRecorder } from './pending-orders';
import { buySession } from '../../api/test-sessions';

const ORIGIN = 'http://127.0.0.1:8787';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const SESSION = buySession({ destinationCurrencyCode: 'ETH', walletAddress: WALLET });
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A ledger whose methods fail (as PostgreSQL unreachable does) while `down` names them, each as
 * `part.method` (`orders.record`).
 */
function faultyLedger(real: Ledger) {
  const down = new Set<string>();
  const failures = { left: 0, method: '' };
  const faulty = <T extends object>(part: T, partName: string) =>
    new Proxy(part, {
      get(target, name: string) {
        const value = Reflect.get(target, name) as unknown;
        if (typeof value !== 'function') return value;
        const method = `${partName}.${name}`;
        return (...args: unknown[]) => {
          if (down.has(method) || (failures.method === method && failures.left-- > 0)) {
            return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const ledger: Ledger = {
    ...real,
    intents: faulty(real.intents, 'intents'),
    pendingOrders: faulty(real.pendingOrders, 'pendingOrders'),
    orders: faulty(real.orders, 'orders'),
  };
  return {
    ledger,
    down,
    failNext: (method: string, times: number) => Object.assign(failures, { method, left: times }),
  };
}

/** The sandbox as the configured upstream; the status sync and the pending orders' settling run. */
async function setup() {
  const real = await openEmbeddedLedger(null);
  const faulty = faultyLedger(real);
  const t = testServer({
    upstream: 'remote-sandbox',
    sandbox: { timeScale: 0.02 },
    options: {
      role: 'all',
      syncIntervalMs: 50,
      upstreamTimeoutMs: 1_000,
      sessionTimeoutMs: 1_000,
      rateLimitSession: '600/100',
    },
    ledger: faulty.ledger,
    clock: 'system',
  });
  const { server, sandbox } = t;
  /** The bodies of the session creations the service was sent. */
  const sessionCalls = () =>
    t.callsTo('/crypto/session/widget').map((c) => c.body as { externalSessionId: string });
  const call = (path: string, init: RequestInit = {}) => t.request(`${ORIGIN}${path}`, init, '192.0.2.10');
  const create = (key: string, secret?: string) =>
    quotedSession(call, SESSION, { 'Idempotency-Key': key, ...(secret ? { 'X-Ramp-Intent': secret } : {}) });
  const orders = async (reference: string) =>
    (
      (await (
        await call(`/api/ramp/orders?reference=${reference}`, {
          headers: { Authorization: `Bearer ${ADMIN}` },
        })
      ).json()) as { orders: { sessionId: string; status: string }[] }
    ).orders;
  return { server, sandbox, sessionCalls, real, faulty, call, create, orders };
}

describe('session creation with the ledger', () => {
  it('refuses with 503 LEDGER_UNAVAILABLE and Retry-After when the ledger cannot take the order, before the service is asked', async () => {
    const t = await setup();
    const intent = await t.server.createIntent({ reference: 'order-down', amount: '100' });
    for (const method of ['pendingOrders.get', 'intents.findBySecretHash', 'pendingOrders.begin']) {
      t.faulty.down.add(method);
      const res = await t.create(`key-down-${method.replace('.', '-')}`, intent.clientSecret);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(await res.json()).toMatchObject({ code: 'LEDGER_UNAVAILABLE' });
      t.faulty.down.delete(method);
    }
    expect(t.sessionCalls()).toEqual([]);
    // Back: the same key creates the session, and the intent was never held.
    const res = await t.create('key-down-pendingOrders-begin', intent.clientSecret);
    expect(res.status).toBe(200);
    expect((await t.orders('order-down')).map((o) => o.sessionId)).toEqual([
      ((await res.json()) as { id: string }).id,
    ]);
  });

  it('retries the order’s write when it fails after the service answered: the session is recorded, never answered unrecorded', async () => {
    const t = await setup();
    const intent = await t.server.createIntent({ reference: 'order-write', amount: '100' });
    t.faulty.failNext('orders.record', 3);
    const res = await t.create('key-write-0001', intent.clientSecret);
    expect(res.status).toBe(200);
    const session = (await res.json()) as { id: string };
    expect((await t.orders('order-write')).map((o) => o.sessionId)).toEqual([session.id]);
    expect((await t.server.intents.retrieve(intent.id))?.sessionId).toBe(session.id);
    const replay = await t.create('key-write-0001', intent.clientSecret);
    expect(((await replay.json()) as { id: string }).id).toBe(session.id);
    expect(t.sessionCalls()).toHaveLength(1);
  });

  it('settles a creation whose answer was lost before the service had it: the session is made and recorded, and the key’s retry gets it', async () => {
    const t = await setup();
    const intent = await t.server.createIntent({ reference: 'order-drop', amount: '100' });
    t.sandbox.faults.set([{ method: 'POST', path: '/crypto/session/widget', kind: 'drop', times: 1 }]);
    const dropped = await t.create('key-drop-0001', intent.clientSecret);
    expect(dropped.status).toBe(502);
    // Nobody asks again: the background step does, with the same externalSessionId.
    const [order] = await vi.waitFor(
      async () => {
        const list = await t.orders('order-drop');
        expect(list).toHaveLength(1);
        return list;
      },
      { timeout: 5_000, interval: 50 },
    );
    const [first, again] = t.sessionCalls();
    expect(again!.externalSessionId).toBe(first!.externalSessionId);
    const retry = await t.create('key-drop-0001', intent.clientSecret);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { id: string }).id).toBe(order!.sessionId);
    expect((await t.server.intents.retrieve(intent.id))?.sessionId).toBe(order!.sessionId);
  });

  it('gives the intent back when the service made a session whose answer nobody got, and keeps that as lost', async () => {
    const t = await setup();
    const intent = await t.server.createIntent({ reference: 'order-cut', amount: '100' });
    t.sandbox.faults.set([{ method: 'POST', path: '/crypto/session/widget', kind: 'malformed', times: 1 }]);
    const cut = await t.create('key-cut-0001', intent.clientSecret);
    expect(cut.status).toBe(502);
    expect(await cut.json()).toMatchObject({ code: 'MALFORMED_RESPONSE' });
    const [sent] = t.sessionCalls();
    // Settled in the background: asked again, the service says it has that session; nobody can open it.
    await vi.waitFor(
      async () => expect((await t.real.pendingOrders.get(sent!.externalSessionId))?.state).toBe('lost'),
      { timeout: 5_000, interval: 50 },
    );
    const retry = await t.create('key-cut-0001', intent.clientSecret);
    expect(retry.status).toBe(409);
    expect(await retry.json()).toMatchObject({ code: 'SESSION_ALREADY_CREATED' });
    // The shopper starts again: the intent is theirs, and this session is the order.
    const again = await t.create('key-cut-0002', intent.clientSecret);
    expect(again.status).toBe(200);
    const session = (await again.json()) as { id: string };
    expect((await t.orders('order-cut')).map((o) => o.sessionId)).toEqual([session.id]);
  });

  it('records a pending order the last process left, by the transaction that names its session', async () => {
    const sandbox = createSandbox({ apiKey: TEST_KEY, publicBaseUrl: SANDBOX_BASE_URL, timeScale: 0.02 });
    const auth = { Authorization: `BASIC ${TEST_KEY}`, 'Content-Type': 'application/json' };
    // A process asked the service, the shopper paid, and the process died before recording it.
    const created = (await (
      await sandbox.fetch(`${SANDBOX_BASE_URL}/crypto/session/widget`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...SESSION, externalSessionId: 'rc_left_by_a_dead_process_000001' }),
      })
    ).json()) as { id: string };
    await sandbox.fetch(`${SANDBOX_BASE_URL}/provider/checkout/${created.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    const ledger = await openEmbeddedLedger(null);
    const left = pendingOrder('rc_left_by_a_dead_process_000001', {
      fingerprint: 'f',
      request: JSON.stringify({ ...SESSION, externalSessionId: 'rc_left_by_a_dead_process_000001' }),
      createdAt: 0,
      nextAttemptAt: 0,
    });
    await ledger.pendingOrders.begin({
      ...left,
      terms: { ...left.terms, reference: 'order-left', walletAddress: WALLET },
    });
    const { server } = testServer({
      upstream: 'remote-sandbox',
      sandbox: { reuse: sandbox },
      options: { role: 'all', syncIntervalMs: 50 },
      ledger,
      clock: 'system',
    });
    await vi.waitFor(
      async () => {
        const list = await server.orders.list({ reference: 'order-left' });
        expect(list.data.map((o) => o.sessionId)).toEqual([created.id]);
        expect(list.data[0]!.status).not.toBe('SESSION_CREATED');
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await ledger.pendingOrders.get('rc_left_by_a_dead_process_000001')).toMatchObject({
      state: 'recorded',
      sessionId: created.id,
    });
  });
});

describe('the order write retried after the service answered', () => {
  it('pauses 0.1 s doubling to 2 s between attempts, and stops where the next pause would end past its deadline', async () => {
    const faulty = faultyLedger(await openEmbeddedLedger(null));
    faulty.down.add('orders.record');
    let clock = 0;
    const pauses: number[] = [];
    const recorder = createOrderRecorder({
      orders: faulty.ledger.orders,
      log: quiet,
      now: () => clock,
      webhooks: null,
      firstCheckDelayMs: 0,
      onRecorded() {},
      sleep: async (ms) => {
        pauses.push(ms);
        clock += ms;
      },
    });
    const answer = { id: 'sess_write', widgetUrl: 'https://partner.example/w' } as SessionResponse;
    await expect(
      recorder.recordRetrying(pendingOrder('xid-write'), answer.id, answer, 10_000),
    ).rejects.toThrow(LedgerUnavailable);
    expect(pauses).toEqual([100, 200, 400, 800, 1600, 2000, 2000, 2000]);
  });
});
