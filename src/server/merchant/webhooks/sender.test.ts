// The sender's pass against the embedded ledger, its timing scripted: a look for due deliveries that
// was asked before an attempt ended (its answer read before that attempt was recorded) must not send
// the same event again. Found in the cluster test, where three instances, Redis and PostgreSQL on two
// loaded cores made such a look slow: the merchant got the last event twice, same id, both answered.
import { afterEach, expect, it } from 'vitest';
import { openEmbeddedLedger } from '../../storage/ledger';
import type { Ledger, WebhookQueue } from '../../storage/ledger/ledger';
import type { WebhookEvent } from '../../storage/ledger/types';
import { memoryLeases } from '../../storage/stores/leases';
import { createMemoryLogger } from '../../http/log';
import { event, order } from '../../testing/ledger-records';
import { createWebhookSender } from './sender';
import { verifyWebhook } from './signature';

const ledgers: Ledger[] = [];
afterEach(async () => {
  for (const l of ledgers.splice(0)) await l.close();
});

it('sends an event once when its attempt ends while a look for due work is on its way', async () => {
  const ledger = await openEmbeddedLedger(null, () => 1_000);
  ledgers.push(ledger);
  await ledger.orders.record(order('s1'), [event('evt_1', 's1')]);

  // Each look reads the queue when asked and answers a moment after the attempt in flight has been
  // recorded and has ended: the slow database answer of a loaded machine, made certain.
  let recorded: Promise<void> = Promise.resolve();
  let markRecorded = () => {};
  const slow: WebhookQueue = {
    ...ledger.deliveries,
    async due(now, limit) {
      const answer = await ledger.deliveries.due(now, limit);
      await recorded;
      // The attempt ends in promise callbacks after its record (the sender's in-flight set cleared):
      // all of them run before the next turn of the event loop, which this waits for. No timer.
      await new Promise((r) => setImmediate(r));
      return answer;
    },
    async recordAttempt(id, a) {
      await ledger.deliveries.recordAttempt(id, a);
      markRecorded();
    },
  };

  const sent: string[] = [];
  const sender = createWebhookSender({
    deliveries: slow,
    url: 'https://merchant.example/hooks',
    secrets: ['whsec_0123456789abcdef0123456789abcdef'],
    livemode: true,
    leases: memoryLeases(() => 1_000),
    log: createMemoryLogger(),
    now: () => 1_000,
    fetch: async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)).id as string);
      recorded = new Promise((r) => (markRecorded = r));
      return new Response(null, { status: 204 });
    },
  });

  expect(await sender.runOnce()).toBe(1);
  await sender.stop();
  expect(sent).toEqual(['evt_1']);
  expect((await ledger.deliveries.list({ sessionId: 's1' }))[0]).toMatchObject({
    state: 'delivered',
    attempts: 1,
  });
});

it('sends an event queued before events said whether they are live as this server makes them, signed as sent', async () => {
  const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
  const { livemode: _, ...before } = event('evt_old', 's1');
  const deliver = async (livemode: boolean) => {
    const ledger = await openEmbeddedLedger(null, () => 1_000);
    ledgers.push(ledger);
    await ledger.orders.record(order('s1'), [before as WebhookEvent, event('evt_new', 's1')]);
    const sent: { body: string; headers: Headers }[] = [];
    const sender = createWebhookSender({
      deliveries: ledger.deliveries,
      url: 'https://merchant.example/hooks',
      secrets: [SECRET],
      livemode,
      leases: memoryLeases(() => 1_000),
      log: createMemoryLogger(),
      now: () => 1_000,
      fetch: async (_url, init) => {
        sent.push({ body: String(init?.body), headers: new Headers(init?.headers) });
        return new Response(null, { status: 204 });
      },
    });
    while ((await sender.runOnce()) > 0);
    await sender.stop();
    return { sent, stored: (await ledger.deliveries.list({ sessionId: 's1' })).map((d) => d.body) };
  };

  // A sandbox's: the old event says it is not live, and the verifier refuses it unless asked.
  const sandbox = await deliver(false);
  expect(sandbox.sent).toHaveLength(2);
  const old = sandbox.sent[0]!;
  expect(JSON.parse(old.body)).toEqual({ ...before, livemode: false });
  expect(Object.keys(JSON.parse(old.body))).toEqual(['id', 'type', 'createdAt', 'livemode', 'data']);
  const verify = (o: { body: string; headers: Headers }, allowTestEvents?: boolean) =>
    verifyWebhook(o.body, o.headers, SECRET, { now: 1_000, allowTestEvents });
  expect(() => verify(old)).toThrow(expect.objectContaining({ reason: 'not_live' }));
  expect(verify(old, true).id).toBe('evt_old');
  // An event that says it is sent as queued, byte for byte, whatever this server's mode.
  expect(sandbox.sent[1]!.body).toBe(sandbox.stored.find((b) => b.includes('evt_new')));
  expect(JSON.parse(sandbox.sent[1]!.body).livemode).toBe(true);

  // A live server's: the old event is live.
  const live = await deliver(true);
  expect(verify(live.sent[0]!).livemode).toBe(true);
});
