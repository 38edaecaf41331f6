// GET /metrics through what an operator runs: createRampServer behind nodeHandler on a real port.
// The names the issue and the alert rules of deploy/alerts.yml rely on are there, counters move with traffic,
// and no label value is taken from a raw path.
import perfHooks from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import type { RampServerOptions } from '../index';
import { VERSION } from '../config/version';
import { createMetrics } from './metrics';
import { UPSTREAM_OPERATIONS } from '../proxy/operations';
import { listeningTestServer } from '../testing/server';
import { QUOTE_BODY, json, quotedSession } from '../testing/session';

const TOKEN = 'metrics-admin-token-0123456789';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A lone instance on a port, its ledger in a data directory, its jobs running; no admin token unless given. */
async function start(options: RampServerOptions) {
  const { origin: base } = await listeningTestServer({
    env: { RAMP_ADMIN_TOKEN: '' },
    options: { role: 'all', ...options },
    ledger: 'dir',
  });
  const send = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  const scrape = async () => {
    const res = await send('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  return { send, scrape };
}

/** The value of one series, e.g. `ramp_http_requests_total{route="…",method="GET",status="200"}`. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((w) => line.includes(w))) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const labelValues = (text: string) =>
  [...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => ({ k: k!, v: v! }));

describe('GET /metrics', () => {
  it('is not there without an admin token, and refuses a wrong one', async () => {
    const open = await start({});
    expect((await open.send('/metrics')).status).toBe(404);
    const guarded = await start({ adminToken: TOKEN });
    expect((await guarded.send('/metrics')).status).toBe(401);
    const wrong = await guarded.send('/metrics', {
      headers: { Authorization: 'Bearer wrong-token-0123456789' },
    });
    expect(wrong.status).toBe(401);
  });

  it('names every series, moves with traffic and labels routes by their pattern', async () => {
    const { send, scrape } = await start({
      adminToken: TOKEN,
      rateLimitQuote: '2/1',
      webhookUrl: 'http://127.0.0.1:9/unreachable',
      webhookSecret: 'whsec_0123456789abcdef0123456789abcdef',
    });
    const before = await scrape();
    // The series a rule waits on exist before the first error (deploy/alerts.yml, RampUpstreamErrors).
    for (const operation of UPSTREAM_OPERATIONS) {
      for (const outcome of ['ok', 'client_error', 'server_error', 'network_error', 'timeout']) {
        expect(before).toContain(
          `ramp_upstream_requests_total{operation="${operation}",outcome="${outcome}",partner=""} 0\n`,
        );
      }
    }
    for (const outcome of ['delivered', 'http_error', 'network_error', 'timeout']) {
      expect(before).toContain(`ramp_webhook_attempts_total{outcome="${outcome}"} 0\n`);
    }
    for (const limiter of ['admin', 'discovery', 'quote', 'session']) {
      expect(before).toContain(`ramp_rate_limited_total{limiter="${limiter}"} 0\n`);
    }
    expect(before).toContain('ramp_checkouts_total{stage="session"} 0\n');
    expect(before).toContain('ramp_discovery_cache_total{result="stale"} 0\n');
    for (const name of [
      'ramp_http_requests_total',
      'ramp_http_request_duration_seconds',
      'ramp_upstream_requests_total',
      'ramp_upstream_request_duration_seconds',
      'ramp_rate_limited_total',
      'ramp_discovery_cache_total',
      'ramp_orders_open',
      'ramp_order_oldest_open_age_seconds',
      'ramp_webhook_deliveries_pending',
      'ramp_webhook_deliveries_dead',
      'ramp_ledger_write_duration_seconds',
      'ramp_webhook_attempts_total',
      'ramp_webhook_delivery_lag_seconds',
      'ramp_build_info',
      'ramp_ledger_orders',
      'ramp_ledger_webhook_deliveries',
      'ramp_ledger_bytes',
      'ramp_lease_held',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(before, name).toContain(`# TYPE ${name} `);
    }

    const defaults = '/api/ramp/network-partner/defaults/US/CRYPTO_ONRAMP';
    expect((await send(defaults)).status).toBe(200); // miss: goes upstream
    expect((await send(defaults)).status).toBe(200); // hit
    const session = await quotedSession(
      (path, init) => send(path, init),
      {
        sessionType: 'BUY',
        sessionData: {
          serviceProvider: 'BANXA',
          countryCode: 'US',
          sourceCurrencyCode: 'USD',
          sourceAmount: '100',
          destinationCurrencyCode: 'ETH',
          paymentMethodType: 'CREDIT_DEBIT_CARD',
          walletAddress: WALLET,
        },
      },
      { 'Idempotency-Key': 'metrics-key-00000001' },
    );
    expect(session.status).toBe(200);
    const quotes = [];
    for (let i = 0; i < 3; i++)
      quotes.push((await send('/api/ramp/payments/crypto/quote', json(QUOTE_BODY))).status);
    expect(quotes).toContain(429);
    const randomPath = `/no-such-page-${Math.random().toString(36).slice(2)}`;
    expect((await send(randomPath)).status).toBe(404);
    expect((await send(`/api/ramp/payments/transactions/sessions/${'s'.repeat(20)}`)).status).toBe(404);

    const after = await scrape();
    const pattern = '/api/ramp/network-partner/defaults/:country/:category';
    expect(value(after, 'ramp_http_requests_total', { route: pattern, method: 'GET', status: '200' })).toBe(
      2,
    );
    expect(value(after, 'ramp_discovery_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ramp_discovery_cache_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ramp_upstream_requests_total', { operation: 'defaults', outcome: 'ok' })).toBe(1);
    // The session's call names its partner; a call about no one partner has an empty label.
    expect(value(after, 'ramp_upstream_requests_total', { operation: 'session', partner: 'BANXA' })).toBe(1);
    expect(value(after, 'ramp_upstream_requests_total', { operation: 'defaults', partner: '' })).toBe(1);
    expect(value(after, 'ramp_build_info', { version: VERSION })).toBe(1);
    expect(
      value(after, 'ramp_upstream_request_duration_seconds_count', { operation: 'quote' }),
    ).toBeGreaterThan(0);
    expect(value(after, 'ramp_rate_limited_total', { limiter: 'quote' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ramp_ledger_write_duration_seconds_count')).toBeGreaterThan(0);
    expect(value(after, 'ramp_orders_open')).toBe(1);
    expect(value(after, 'ramp_webhook_deliveries_pending')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'ramp_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    // The ledger's size: every order and delivery kept, and the embedded file with its WAL.
    expect(value(after, 'ramp_ledger_orders')).toBe(1);
    expect(value(after, 'ramp_ledger_webhook_deliveries')).toBe(
      value(after, 'ramp_webhook_deliveries_pending'),
    );
    expect(value(after, 'ramp_ledger_bytes')).toBeGreaterThan(value(before, 'ramp_ledger_bytes'));
    expect(value(after, 'ramp_ledger_bytes')).toBeGreaterThan(4096);
    // A literal routed as a parameter (policy.ts routedPattern) is still labelled by the rule's path.
    const sessionRoute = '/api/ramp/payments/transactions/sessions/:sessionId';
    expect(
      value(after, 'ramp_http_requests_total', { route: sessionRoute, method: 'GET', status: '404' }),
    ).toBe(1);

    // Label values are patterns and words: no raw path, no id.
    for (const { k, v } of labelValues(after)) {
      expect(v, `${k}="${v}"`).not.toContain('no-such-page');
      expect(v, `${k}="${v}"`).not.toMatch(/s{20}|\/US\/|metrics-key/);
    }
  });
});

describe('ramp_lease_held', () => {
  it('reports each lease the jobs of a lone instance take as held here', async () => {
    const { scrape } = await start({
      adminToken: TOKEN,
      webhookUrl: 'http://127.0.0.1:9/unreachable',
      webhookSecret: 'whsec_0123456789abcdef0123456789abcdef',
    });
    // The jobs take their leases as they start, in the background: look until they have (bounded).
    const jobs = ['status-sync', 'webhooks', 'pending-orders', 'retention'];
    let text = '';
    for (let i = 0; i < 200; i++) {
      text = await scrape();
      if (jobs.every((lease) => value(text, 'ramp_lease_held', { lease }) === 1)) break;
      await new Promise((r) => setImmediate(r));
    }
    for (const lease of jobs) expect(value(text, 'ramp_lease_held', { lease }), lease).toBe(1);
  });
});

describe('ramp_lease_held while the lease store cannot be read', () => {
  it('keeps each lease seen before, at 0: no instance can prove it holds it, and the series stays', async () => {
    const metrics = createMetrics({ now: () => 0, processMetrics: false });
    let redisDown = false;
    metrics.watchLeases(async () => {
      if (redisDown) throw new Error('Connection is closed.');
      return { 'status-sync': true, webhooks: false };
    });
    const up = (await metrics.render()).body;
    expect(value(up, 'ramp_lease_held', { lease: 'status-sync' })).toBe(1);
    redisDown = true;
    const down = (await metrics.render()).body;
    expect(down).toContain('ramp_lease_held{lease="status-sync"} 0\n');
    expect(down).toContain('ramp_lease_held{lease="webhooks"} 0\n');
  });
});

describe('the partner label', () => {
  it('keeps at most 50 partners apart; later ones count as other', async () => {
    const metrics = createMetrics({ now: () => 0, processMetrics: false });
    for (let i = 0; i < 60; i++) metrics.upstreamRequest('session', 'ok', 0.01, `PARTNER_${i}`);
    const { body } = await metrics.render();
    const partners = new Set(
      [...body.matchAll(/^ramp_upstream_requests_total\{[^}]*partner="([^"]*)"/gm)].map((m) => m[1]),
    );
    expect(partners.size).toBe(51);
    expect(value(body, 'ramp_upstream_requests_total', { partner: 'other' })).toBe(10);
  });
});

describe("the process's series", () => {
  it('are one set however many servers the process hosts: one event-loop monitor, in every scrape', async () => {
    const monitors = vi.spyOn(perfHooks, 'monitorEventLoopDelay');
    try {
      const scrapes = await Promise.all(
        [1, 2, 3].map(
          async () => (await createMetrics({ now: () => 0, processMetrics: true }).render()).body,
        ),
      );
      for (const body of scrapes) expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      // None when an earlier server of this worker made the set.
      expect(monitors.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      monitors.mockRestore();
    }
  });
});
