// The status follow-up over the orders' lives: upstream reads per order for 1,000 checkouts (70 %
// abandoned, 30 % paid at varied times) over a simulated 48 h, polling alone and with the service's
// webhooks received. The server is composed as createRampServer composes it (the app with its
// merchant backend, the embedded ledger in memory, defaults for every pace) over the in-process
// sandbox as its upstream; both share a manual clock, which the run moves from one due moment to the
// next (a session to create, a payment, a status change, a check due), running the sync and the
// service's webhooks at each, so two days take seconds. Every GET of /payments/transactions… the
// server sends is counted, by kind.
import { createSandbox } from '../src/sandbox';
import type { Sandbox } from '../src/sandbox';
import { createApp } from '../src/server/app';
import { resolveConfig } from '../src/server/config/config';
import { SANDBOX_BASE_URL } from '../src/server/config/defaults';
import { loadConfig } from '../src/server/config/env';
import type { Env } from '../src/server/config/env';
import { createLogger } from '../src/server/http/log';
import { createMerchant } from '../src/server/merchant/merchant';
import type { Merchant } from '../src/server/merchant/merchant';
import { registerUpstreamWebhook } from '../src/server/merchant/upstream-webhooks/register';
import { openEmbeddedLedger } from '../src/server/storage/ledger';
import { buySession } from '../src/api/test-sessions';
import { quotedSession } from '../src/server/testing/session';
import { formatTable, num, ratio } from './table';

/** The server's configuration from environment variables, as the CLI reads it. */
const configOf = (env: Env) => resolveConfig(loadConfig(env));

export const FOLLOW_UP = {
  orders: 1_000,
  /** Three orders in ten are paid, the other seven abandoned. */
  paidPerTen: 3,
  simulatedMs: 48 * 3_600_000,
  /** When the sessions are created: all at the start, or evenly over the first hour. */
  arrivals: [
    { name: 'created at once', overMs: 0 },
    { name: 'created over an hour', overMs: 3_600_000 },
  ],
} as const;

/** How long after its session a paid order's shopper pays, in turn. */
const PAID_AFTER_MS = [20_000, 60_000, 180_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 18_000_000];

const KEY = 'sk_bench_follow_up_0123456789';
const ORIGIN = 'http://127.0.0.1:8787';
const SHOPPER = '203.0.113.7';
/** How long a paid transaction keeps changing in the sandbox at time scale 1 (about 6 s to SETTLED). */
const MOVING_MS = 10_000;

export interface FollowUpRun {
  arrivals: string;
  receiver: boolean;
  orders: number;
  reads: { bySessionIds: number; byExternalSessionIds: number; byId: number; bySession: number };
  total: number;
  perOrder: number;
  /** How the orders ended. */
  completed: number;
  expired: number;
  open: number;
  realMs: number;
}

export interface FollowUpBench {
  runs: FollowUpRun[];
}

export async function runFollowUpBench(orders: number = FOLLOW_UP.orders): Promise<FollowUpBench> {
  const runs: FollowUpRun[] = [];
  for (const arrivals of FOLLOW_UP.arrivals) {
    for (const receiver of [false, true]) runs.push(await simulate(receiver, arrivals, orders));
  }
  return { runs };
}

async function simulate(
  receiver: boolean,
  arrivals: { name: string; overMs: number },
  orders: number,
): Promise<FollowUpRun> {
  const started = performance.now();
  const start = Date.UTC(2026, 1, 3, 12);
  let t = start;
  const now = () => t;

  let inFlight = 0;
  const reads = { bySessionIds: 0, byExternalSessionIds: 0, byId: 0, bySession: 0 };
  const sandbox: Sandbox = createSandbox({
    apiKey: KEY,
    publicBaseUrl: SANDBOX_BASE_URL,
    now,
    // The service's webhooks reach the server in process.
    webhookFetch: async (input, init) => {
      inFlight++;
      try {
        return await app.request(String(input), init, { clientIp: '198.51.100.1' });
      } finally {
        inFlight--;
      }
    },
  });
  const upstream: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if ((init?.method ?? 'GET') === 'GET' && url.pathname.includes('/payments/transactions')) {
      if (url.searchParams.has('sessionIds')) reads.bySessionIds++;
      else if (url.searchParams.has('externalSessionIds')) reads.byExternalSessionIds++;
      else if (url.pathname.includes('/transactions/sessions/')) reads.bySession++;
      else reads.byId++;
    }
    inFlight++;
    try {
      return await sandbox.fetch(input, init);
    } finally {
      inFlight--;
    }
  };

  const env: Record<string, string> = {
    RAMP_API_BASE_URL: SANDBOX_BASE_URL,
    RAMP_API_KEY: KEY,
    RAMP_PUBLIC_URL: ORIGIN,
    RAMP_RATE_LIMIT_QUOTE: '999999/99999',
    RAMP_RATE_LIMIT_SESSION: '999999/99999',
  };
  if (receiver) {
    const registration = await registerUpstreamWebhook({ config: configOf(env), fetch: sandbox.fetch });
    env.RAMP_UPSTREAM_WEBHOOK_SECRET = registration.secret;
  }
  const config = configOf(env);
  const ledger = openEmbeddedLedger(null, now);
  let merchant: Merchant | undefined;
  const app = createApp(config, {
    fetch: upstream,
    now,
    log: createLogger({ level: 'error' }),
    merchant: (ctx) => (merchant = createMerchant(ctx, { ledger })),
  });
  const parts = await merchant!.parts();

  /** Lets the server finish what the last step started (reads, webhooks applied after answering). */
  const settle = async () => {
    for (let quiet = 0; quiet < 5;) {
      await new Promise((r) => setImmediate(r));
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };

  const body = buySession();
  const send = (path: string, init: RequestInit) => app.request(path, init, { clientIp: SHOPPER });
  const creations = Array.from(
    { length: orders },
    (_, i) => start + Math.floor((i * arrivals.overMs) / orders),
  );
  const payments: { at: number; index: number }[] = [];
  const ids: string[] = [];
  let created = 0;
  let paid = 0;
  let lastPaidAt = -Infinity;
  const end = start + FOLLOW_UP.simulatedMs;

  try {
    while (t < end) {
      while (created < creations.length && creations[created]! <= t) {
        const i = created++;
        const res = await quotedSession(send, body, { 'Idempotency-Key': `bench-follow-up-${i}` });
        if (res.status !== 200) throw new Error(`session ${i}: ${res.status} ${await res.text()}`);
        ids.push(((await res.json()) as { id: string }).id);
        if (i % 10 < FOLLOW_UP.paidPerTen) {
          const k = payments.length;
          payments.push({ at: t + PAID_AFTER_MS[k % PAID_AFTER_MS.length]!, index: i });
          payments.sort((a, b) => a.at - b.at);
        }
      }
      while (paid < payments.length && payments[paid]!.at <= t) {
        const { index } = payments[paid++]!;
        const res = await sandbox.fetch(`${SANDBOX_BASE_URL}/provider/checkout/${ids[index]}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'action=pay',
        });
        if (res.status !== 303) throw new Error(`payment of order ${index}: ${res.status}`);
        lastPaidAt = t;
      }
      // The service's webhooks for what changed, then the sync and whatever they left, when due.
      const moving = t - lastPaidAt < MOVING_MS;
      if (moving) {
        sandbox.webhooks.tick();
        await settle();
      }
      if (((await parts.ledger.orders.nextCheckAt()) ?? Infinity) <= t) await parts.sync.runOnce();
      if (parts.upstreamEvents && ((await parts.ledger.upstreamEvents.nextDueAt()) ?? Infinity) <= t) {
        await parts.upstreamEvents.runOnce();
      }
      await settle();

      const due = [
        creations[created] ?? Infinity,
        payments[paid]?.at ?? Infinity,
        (await parts.ledger.orders.nextCheckAt()) ?? Infinity,
        (await parts.ledger.upstreamEvents.nextDueAt()) ?? Infinity,
        // Paid transactions move on their own for a while: look every second meanwhile.
        moving ? t + 1_000 : Infinity,
        end,
      ];
      t = Math.max(t + 1, Math.min(...due));
    }

    const stats = { completed: 0, expired: 0, open: 0 };
    for (const id of ids) {
      const order = (await parts.ledger.orders.get(id))!;
      if (order.status === 'SETTLED') stats.completed++;
      else if (order.status === 'EXPIRED') stats.expired++;
      if (!order.terminal) stats.open++;
    }
    const total = reads.bySessionIds + reads.byExternalSessionIds + reads.byId + reads.bySession;
    return {
      arrivals: arrivals.name,
      receiver,
      orders: ids.length,
      reads,
      total,
      perOrder: total / ids.length,
      ...stats,
      realMs: performance.now() - started,
    };
  } finally {
    sandbox.webhooks.stop();
    await merchant?.close();
  }
}

const duration = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

/** Reads per order with the receiver ÷ polling alone, per arrival pattern. */
export function followUpRatios(b: FollowUpBench): { arrivals: string; polling: number; receiver: number }[] {
  return FOLLOW_UP.arrivals.flatMap(({ name }) => {
    const polling = b.runs.find((r) => r.arrivals === name && !r.receiver);
    const receiver = b.runs.find((r) => r.arrivals === name && r.receiver);
    return polling && receiver
      ? [{ arrivals: name, polling: polling.perOrder, receiver: receiver.perOrder }]
      : [];
  });
}

export function followUpTable(b: FollowUpBench): string {
  const per = (n: number, r: FollowUpRun) => num(n / r.orders, 2);
  return formatTable(
    `The status follow-up over ${num(FOLLOW_UP.simulatedMs / 3_600_000)} h (simulated): upstream reads per order over its life`,
    [
      'orders',
      'service webhooks',
      'reads/order',
      'by sessionIds',
      'by externalSessionIds',
      'by id',
      'reads',
      'settled',
      'expired',
      'open at end',
      'run s',
    ],
    b.runs.map((r) => [
      `${num(r.orders)} ${r.arrivals}`,
      r.receiver ? 'received' : 'off (polling alone)',
      num(r.perOrder, 2),
      per(r.reads.bySessionIds, r),
      per(r.reads.byExternalSessionIds, r),
      per(r.reads.byId, r),
      num(r.total),
      num(r.completed),
      num(r.expired),
      num(r.open),
      num(r.realMs / 1000, 1),
    ]),
    [
      `${FOLLOW_UP.paidPerTen * 10} % paid ${PAID_AFTER_MS.map(duration).join(', ')} after their session (in turn), the rest never (they expire after 24 h); every GET of /payments/transactions… counted`,
      'by sessionIds / externalSessionIds: the sync’s searches (up to 100 orders each; the second for those the first did not find, until their partner is found by session id); by id: the reads the service’s webhooks make the server do',
      'the sync at its defaults: first check 3 s after the session, ×1.5 per unchanged check, at most 1 min; with the webhooks received, an order older than an hour at most every 10 min',
      ...followUpRatios(b).map(
        (x) =>
          `${x.arrivals}: with the webhooks, ${ratio(x.receiver / x.polling)} the reads of polling alone`,
      ),
    ],
  );
}
