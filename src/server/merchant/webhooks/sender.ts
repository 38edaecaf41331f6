// Delivers the ledger's webhook queue: at least once, each event with the same id on every attempt,
// the events of one session in order (the ledger offers only the head of each queue), retried with
// exponential backoff and jitter until maxAgeMs has passed. The queue lives in the ledger, so what is
// pending when the process stops goes out after the next start.
import { setMaxListeners } from 'node:events';
import { systemClock } from '../../http/clock';
import { DEFAULTS } from '../../config/defaults';
import type { WebhookQueue } from '../../storage/ledger/ledger';
import type { DeliveryRecord } from '../../storage/ledger/types';
import type { Leases } from '../../storage/stores/leases';
import type { Logger } from '../../http/log';
import type { WebhookOutcome } from '../../http/metrics';
import { createWorker } from '../jobs/worker';
import type { Worker } from '../jobs/worker';
import { webhookSignatureHeaders } from './signature';
import { backoff } from '../../../domain/backoff';

export interface WebhookRetry {
  /** The first retry comes after about this long (jittered down to half). @default DEFAULTS.webhookRetryBaseMs */
  baseDelayMs: number;
  /** Retries never wait longer than this. @default 3_600_000 */
  maxDelayMs: number;
  /** A delivery is given up once this old. @default 259_200_000 (72 h) */
  maxAgeMs: number;
  /** One attempt's deadline. @default DEFAULTS.webhookTimeoutMs */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_RETRY: WebhookRetry = {
  baseDelayMs: DEFAULTS.webhookRetryBaseMs,
  maxDelayMs: 3_600_000,
  maxAgeMs: 72 * 3_600_000,
  timeoutMs: DEFAULTS.webhookTimeoutMs,
};

export interface WebhookSenderOptions {
  deliveries: Pick<WebhookQueue, 'due' | 'nextDueAt' | 'recordAttempt'>;
  url: string;
  /** The signing secrets: the current one, then the previous one while a rotation lasts. */
  secrets: readonly string[];
  /** Whether this server is live (not its sandbox): said by events queued before events said it. */
  livemode: boolean;
  leases: Leases;
  log: Logger;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  retry?: Partial<WebhookRetry>;
  /** The sender lease's time to live (worker.ts). */
  leaseTtlMs?: number;
  /** Told as each attempt ends (the metrics); a delivered one with its lag since the event was made. */
  onAttempt?: (outcome: WebhookOutcome, lagMs?: number) => void;
}

export type WebhookSender = Worker;

/** The wait before attempt n+1 after n failed attempts: exponential, with jitter in [½, 1]. */
export function retryDelay(attempts: number, retry: WebhookRetry, random: () => number): number {
  const cap = backoff(attempts - 1, { firstMs: retry.baseDelayMs, maxMs: retry.maxDelayMs });
  return Math.round(cap * (0.5 + random() / 2));
}

/**
 * One attempt's signal: a controller the attempt owns, aborted by a timer of its own or when the
 * lease is lost. Not `AbortSignal.any([AbortSignal.timeout(…), lost])`: joined to a long-lived
 * signal, the timeout signal can be collected and never fire (nodejs/node#55428), and then an
 * endpoint that never answers holds its delivery slot for good, and with every slot held, every
 * webhook stops. `end()` clears the timer and the listener on the lease's signal.
 */
export function attemptSignal(
  timeoutMs: number,
  lost: AbortSignal,
): { signal: AbortSignal; timedOut(): boolean; end(): void } {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort(new DOMException('The webhook endpoint did not answer in time', 'TimeoutError'));
  }, timeoutMs);
  const onLost = () => ctl.abort(lost.reason);
  if (lost.aborted) onLost();
  else lost.addEventListener('abort', onLost, { once: true });
  return {
    signal: ctl.signal,
    timedOut: () => timedOut,
    end() {
      clearTimeout(timer);
      lost.removeEventListener('abort', onLost);
    },
  };
}

/**
 * The body a delivery sends, the same on every attempt: the event as queued. An event queued before
 * events said whether they are live (no `livemode`) says the mode of the server delivering it: the
 * mode it was made in, unless the ledger changed hands between the sandbox and the live service.
 */
export function deliveredBody(body: string, livemode: boolean): string {
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof event !== 'object' || event === null || 'livemode' in event) return body;
  const { data, ...head } = event as Record<string, unknown>;
  return JSON.stringify({ ...head, livemode, data });
}

/**
 * Deliveries in flight at once to the endpoint, one per session at most (each session's events stay
 * in order). Each ends by its deadline, so a hanging endpoint holds a slot for that long at most.
 */
const MAX_IN_FLIGHT = 16;

export function createWebhookSender(o: WebhookSenderOptions): WebhookSender {
  const now = o.now ?? systemClock;
  const random = o.random ?? Math.random;
  const doFetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retry: WebhookRetry = { ...DEFAULT_WEBHOOK_RETRY, ...o.retry };
  async function attempt(d: DeliveryRecord, lost: AbortSignal): Promise<void> {
    const at = now();
    let status = 0;
    let error: string | null = null;
    const call = attemptSignal(retry.timeoutMs, lost);
    const body = deliveredBody(d.body, o.livemode);
    try {
      const res = await doFetch(o.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'ramp-checkout-webhooks',
          ...webhookSignatureHeaders(body, d.id, o.secrets, Math.floor(at / 1000)),
        },
        body,
        redirect: 'manual',
        signal: call.signal,
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch {
      // The lease was lost mid-request: the new holder owns this delivery now; record nothing.
      if (lost.aborted) return;
      error = call.timedOut() ? 'timeout' : 'network error';
    } finally {
      call.end();
    }
    if (error === null) {
      o.onAttempt?.('delivered', now() - d.createdAt);
      await o.deliveries.recordAttempt(d.id, { at, status, error, state: 'delivered', nextAttemptAt: at });
      o.log.info('webhook delivered', { eventId: d.id, type: d.type, attempts: d.attempts + 1 });
      return;
    }
    o.onAttempt?.(status > 0 ? 'http_error' : error === 'timeout' ? 'timeout' : 'network_error');
    const next = at + retryDelay(d.attempts + 1, retry, random);
    const dead = next - d.createdAt > retry.maxAgeMs;
    await o.deliveries.recordAttempt(d.id, {
      at,
      status,
      error,
      state: dead ? 'dead' : 'pending',
      nextAttemptAt: dead ? at : next,
    });
    o.log.warn(dead ? 'webhook given up' : 'webhook attempt failed', {
      eventId: d.id,
      type: d.type,
      attempts: d.attempts + 1,
      error,
      retryInMs: dead ? undefined : next - at,
    });
  }

  // A pass sends the head of each session's queue side by side and, as each attempt ends, the next
  // event of that session, without waiting for the others: one slow or hanging endpoint answer holds
  // up only its own session's later events. `wake` lets a kick (a new event) reach a pass that is
  // waiting on attempts in flight.
  let wake: (() => void) | null = null;
  const worker = createWorker({
    name: 'webhooks',
    leases: o.leases,
    log: o.log,
    now,
    nextDueAt: () => o.deliveries.nextDueAt(),
    leaseTtlMs: o.leaseTtlMs,
    async pass(stopped, lost) {
      // Each attempt in flight listens on the lease's signal until it ends.
      setMaxListeners(MAX_IN_FLIGHT + 1, lost);
      const inFlight = new Map<string, Promise<void>>();
      // When each session's last attempt ended (a count of attempts ended): a look for due work asked
      // before that read the queue before the attempt was recorded, so its answer for that session
      // is stale (the event it offers may be the one just delivered) and is asked again.
      let ended = 0;
      const endedAt = new Map<string, number>();
      let sent = 0;
      while (!stopped()) {
        const room = MAX_IN_FLIGHT - inFlight.size;
        const asked = ended;
        const found = room > 0 ? await o.deliveries.due(now(), MAX_IN_FLIGHT + inFlight.size) : [];
        const stale = (d: DeliveryRecord) => (endedAt.get(d.sessionId) ?? 0) > asked;
        const due = found.filter((d) => !inFlight.has(d.sessionId) && !stale(d)).slice(0, room);
        for (const d of due) {
          const sending = attempt(d, lost)
            .catch((e: unknown) => o.log.error('webhook attempt failed', { eventId: d.id, error: e }))
            .finally(() => {
              endedAt.set(d.sessionId, ++ended);
              inFlight.delete(d.sessionId);
            });
          inFlight.set(d.sessionId, sending);
        }
        sent += due.length;
        if (found.some(stale)) continue;
        if (inFlight.size === 0) break;
        if (due.length > 0 && inFlight.size < MAX_IN_FLIGHT) continue;
        // Something to wait for: an attempt ends (its session's next event may be due) or new work.
        await Promise.race([...inFlight.values(), new Promise<void>((r) => (wake = r))]);
        wake = null;
      }
      await Promise.all(inFlight.values());
      return sent;
    },
  });
  return {
    ...worker,
    kick() {
      wake?.();
      worker.kick();
    },
  };
}
