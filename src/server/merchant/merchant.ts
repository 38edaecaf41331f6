// The merchant backend's parts, composed: the ledger (embedded by default), intents, order
// recording (with the settling of pending orders), the status sync and the webhook sender. The
// ledger opens asynchronously; requests that need it wait for it, the rest of the server does not.
import { resolve } from 'node:path';
import type { ServerConfig } from '../config/config';
import { createIntents } from './intents';
import type { Intents } from './intents';
import { memoryLeases } from '../storage/stores/leases';
import type { Leases } from '../storage/stores/leases';
import { openEmbeddedLedger } from '../storage/ledger';
import type { Ledger } from '../storage/ledger/ledger';
import type { Logger } from '../http/log';
import type { MerchantParts } from './routes';
import { createOrders } from './orders';
import { createOrderRecorder } from './pending-orders';
import { createPendingResolver } from './jobs/pending-resolver';
import type { Orders } from './orders';
import { createStatusSync } from './follow-up';
import type { Upstream } from '../upstream/client';
import { createRetention } from './jobs/retention';
import { createWebhookSender } from './webhooks/sender';
import { createCompletionRates } from './completion';
import type { CompletionRates } from './completion';
import { createCheckoutFunnel } from './funnel';
import type { CheckoutFunnel } from './funnel';
import type { WebhookRetry } from './webhooks/sender';
import type { Worker } from './jobs/worker';
import type { Metrics } from '../http/metrics';
import { createExpiryRecorder, createStatusRecorder } from './record-status';
import { syncPolicy } from '../config/config';
import { createUpstreamEventApplier } from './upstream-webhooks/applier';
import type { UpstreamEventApplier } from './upstream-webhooks/applier';
import { instrumentLedger } from './ledger-metrics';

export interface MerchantOptions {
  /** A ledger to use instead of the embedded one in config.merchant.dataDir. */
  ledger?: Ledger | Promise<Ledger>;
  leases?: Leases;
  /** The fetch webhooks are sent with. */
  webhookFetch?: typeof fetch;
  webhookRetry?: Partial<WebhookRetry>;
  random?: () => number;
}

export interface MerchantContext {
  config: ServerConfig;
  upstream: Upstream;
  log: Logger;
  now: () => number;
  /** The instance's metrics: the ledger's writes are timed, its queues read on each scrape. */
  metrics?: Metrics;
}

export interface Merchant {
  /** The parts, once the ledger is open: the whole ledger for the server's health and close. */
  parts(): Promise<
    MerchantParts & {
      ledger: Ledger;
      intents: Intents;
      upstreamEvents: UpstreamEventApplier | null;
      sync: Worker;
    }
  >;
  orders: Orders;
  /** The checkout's stages before its session (the proxy marks them). */
  funnel: CheckoutFunnel;
  /**
   * The merchant's customer id of the intent whose client secret this is, or null (none given, or
   * no such intent): quotes carry it as the sessions do, so the service's previouslyUsed matches.
   */
  intentCustomer(clientSecret: string): Promise<string | null>;
  /** Each partner's completion rate here, for the quotes (absent: RAMP_RANKING_LEARNING=0). */
  completion?: CompletionRates;
  /** Stops the workers and closes the ledger. */
  close(): Promise<void>;
}

export function createMerchant(ctx: MerchantContext, o: MerchantOptions = {}): Merchant {
  const { config, log, now } = ctx;
  const leases = o.leases ?? memoryLeases(now);
  ctx.metrics?.watchLeases(() => leases.held());
  const webhook = config.merchant.webhook;
  // The sandbox's events are signed like real ones: said at start, and in each event (livemode).
  if (webhook && config.mode === 'sandbox') {
    log.warn('webhooks leave a sandbox', {
      webhooks: new URL(webhook.url).origin,
      livemode: false,
      why:
        'RAMP_API_BASE_URL is unset: the sandbox answers and nothing is paid. Its events say "livemode": false; ' +
        'verifyWebhook refuses them unless { allowTestEvents: true }',
    });
  }
  // RAMP_ROLE=web: the jobs exist (their records are written) but never run here; a worker's run them.
  const background = <W extends { kick(): void }>(job: W): W =>
    config.role === 'web' ? { ...job, kick: () => {} } : job;
  const ready = Promise.resolve(
    o.ledger ?? openEmbeddedLedger(resolve(config.merchant.dataDir), now, { migrate: config.migrate }),
  ).then((opened) => {
    const ledger = ctx.metrics ? instrumentLedger(ctx.metrics, opened) : opened;
    // The sandbox's events say so: nothing was paid for them.
    const livemode = config.mode === 'remote';
    const sender: Worker | null = webhook
      ? background(
          createWebhookSender({
            deliveries: ledger.deliveries,
            url: webhook.url,
            secrets: webhook.previousSecret ? [webhook.secret, webhook.previousSecret] : [webhook.secret],
            livemode,
            leases,
            log,
            now,
            fetch: o.webhookFetch,
            random: o.random,
            retry: {
              baseDelayMs: config.merchant.webhookRetryBaseMs,
              timeoutMs: config.merchant.webhookTimeoutMs,
              ...o.webhookRetry,
            },
            leaseTtlMs: config.merchant.leaseTtlMs,
            onAttempt: (outcome, lagMs) =>
              ctx.metrics?.webhookAttempt(outcome, lagMs === undefined ? undefined : lagMs / 1000),
          }),
        )
      : null;
    let upstreamEvents: UpstreamEventApplier | null = null;
    const events = webhook ? { livemode, selfCheck: config.selfCheck } : null;
    const recording = {
      orders: ledger.orders,
      log,
      now,
      webhooks: events,
      // An early event of the service's that named no session waits for this link.
      onLinked: (transactionId: string) =>
        void ledger.upstreamEvents.wake(transactionId, now()).then(
          (n) => n > 0 && upstreamEvents?.kick(),
          (e: unknown) => log.warn('upstream events not woken', { error: e }),
        ),
      onEnded: (partner: string, outcome: string) => ctx.metrics?.countOrder(partner, outcome),
    };
    const recordStatus = createStatusRecorder(recording);
    const sync = background(
      createStatusSync({
        orders: ledger.orders,
        upstream: ctx.upstream,
        leases,
        log,
        now,
        recordStatus,
        recordExpiry: createExpiryRecorder(recording),
        policy: syncPolicy(config.merchant),
        onChange: () => sender?.kick(),
        leaseTtlMs: config.merchant.leaseTtlMs,
      }),
    );
    upstreamEvents = config.merchant.upstreamWebhookSecret
      ? background(
          createUpstreamEventApplier({
            events: ledger.upstreamEvents,
            orders: ledger.orders,
            upstream: ctx.upstream,
            leases,
            log,
            now,
            recordStatus,
            onChange: () => sender?.kick(),
            leaseTtlMs: config.merchant.leaseTtlMs,
          }),
        )
      : null;
    const intents = createIntents(ledger.intents, now);
    const recorder = createOrderRecorder({
      orders: ledger.orders,
      log,
      now,
      webhooks: events,
      firstCheckDelayMs: config.merchant.syncIntervalMs,
      onRecorded: () => {
        ctx.metrics?.countCheckout('session');
        sync.kick();
        sender?.kick();
      },
    });
    const pending = background(
      createPendingResolver({
        pendingOrders: ledger.pendingOrders,
        upstream: ctx.upstream,
        recorder,
        leases,
        log,
        now,
        sessionTimeoutMs: config.upstream.sessionTimeoutMs,
        leaseTtlMs: config.merchant.leaseTtlMs,
      }),
    );
    const orders = createOrders({
      ledger,
      intents,
      now,
      recorder,
      sessionTimeoutMs: config.upstream.sessionTimeoutMs,
      onUnsettled: () => pending.kick(),
    });
    const retention = background(
      createRetention({
        retention: ledger.retention,
        leases,
        log,
        now,
        days: config.merchant.retentionDays,
        leaseTtlMs: config.merchant.leaseTtlMs,
      }),
    );
    // Resume what the last process left: pending and open orders, upstream events and deliveries.
    pending.kick();
    sync.kick();
    upstreamEvents?.kick();
    sender?.kick();
    retention.kick();
    return {
      ledger,
      intents,
      orders,
      sync,
      sender,
      retention,
      pending,
      upstreamEvents,
      kickWebhooks: () => sender?.kick(),
    };
  });
  ready.catch((e: unknown) => log.error('the ledger could not be opened', { error: e }));

  return {
    parts: () => ready,
    funnel: createCheckoutFunnel({
      stats: () => ready.then((p) => p.ledger.stats),
      now,
      log,
      metrics: ctx.metrics,
    }),
    async intentCustomer(clientSecret) {
      try {
        const intent = await (await ready).intents.resolve(clientSecret, { allowUsed: true });
        return intent.customerId ?? null;
      } catch {
        // Not an intent's (unknown, expired) or the ledger is down: the quote goes on without it.
        return null;
      }
    },
    ...(config.merchant.rankingLearning
      ? { completion: createCompletionRates({ stats: () => ready.then((p) => p.ledger.stats), now, log }) }
      : {}),
    orders: {
      earlier: async (externalSessionId) => (await ready).orders.earlier(externalSessionId),
      begin: async (headers, body) => (await ready).orders.begin(headers, body),
      bySession: async (sessionIds) => (await ready).orders.bySession(sessionIds),
    },
    async close() {
      let parts;
      try {
        parts = await ready;
      } catch {
        return;
      }
      await Promise.all([
        parts.sync.stop(),
        parts.pending.stop(),
        parts.upstreamEvents?.stop(),
        parts.sender?.stop(),
        parts.retention.stop(),
      ]);
      await parts.ledger.close();
    },
  };
}
