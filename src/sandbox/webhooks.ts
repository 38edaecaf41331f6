// The service's webhooks (UPSTREAM-NOTES §10.1), sent to the profiles registered with
// /notifications/webhooks when a transaction's status changes, the way the real service sends them:
// signed (`Meld-Signature`: base64url with padding of HMAC-SHA256 over
// `<Meld-Signature-Timestamp>.<url>.<body>`), retried with backoff until a 200 (about 1 minute
// doubling to 1 hour, scaled by timeScale), the first event of a transaction without session ids,
// ERROR sent as TRANSACTION_CRYPTO_FAILED; duplicates and out-of-order arrivals on request (the
// `webhooks` scenario). Transactions advance with the sandbox clock, so a ticker looks at the ones
// under way and sends an event for each status they entered.

import type { ScenarioControl } from './scenarios';
import type { SandboxState, SessionRecord } from './state';
import { SANDBOX_ACCOUNT_ID, timelineOf } from './transactions';
import { randomId } from './random';
import { backoff } from '../domain/backoff';

export const EVENT_TYPES = [
  'TRANSACTION_CRYPTO_PENDING',
  'TRANSACTION_CRYPTO_TRANSFERRING',
  'TRANSACTION_CRYPTO_COMPLETE',
  'TRANSACTION_CRYPTO_FAILED',
  'CUSTOMER_KYC_STATUS_CHANGE',
  'WEBHOOK_TEST',
] as const;

export interface WebhookProfile {
  id: string;
  name: string;
  url: string;
  eventTypes: string[];
  eventVersion: string;
  status: 'ACTIVE' | 'DISABLED';
  secret: string;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryAttempt {
  profileId: string;
  eventId: string;
  eventType: string;
  status: string | null;
  attempt: number;
  /** HTTP status, or 0 for no answer. */
  answer: number;
}

export interface WebhookDispatcher {
  readonly profiles: Map<string, WebhookProfile>;
  /** A shopper started a transaction on this session: follow it. */
  watch(sessionId: string): void;
  /** Sends WEBHOOK_TEST to the profile; resolves with the first attempt's answer (0: none). */
  sendTest(profile: WebhookProfile): Promise<{ eventId: string; answer: number }>;
  /** Looks for status changes now (the ticker does this on its own). */
  tick(): void;
  /** Every attempt made, newest last (tests and demos). */
  readonly attempts: readonly DeliveryAttempt[];
  stop(): void;
}

export interface DispatcherOptions {
  now: () => number;
  timeScale: number;
  state: SandboxState;
  scenarios: ScenarioControl;
  /** How webhooks leave the sandbox. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** What the service sends for a status: ERROR (the partner retries) goes as FAILED, as it does. */
export function eventTypeOf(status: string): string {
  if (status === 'SETTLING') return 'TRANSACTION_CRYPTO_TRANSFERRING';
  if (status === 'SETTLED') return 'TRANSACTION_CRYPTO_COMPLETE';
  // The docs name no refund event: refunds come as FAILED, their status saying which.
  const failed = ['ERROR', 'FAILED', 'DECLINED', 'CANCELLED', 'VOIDED', 'REFUNDED', 'PARTIALLY_REFUNDED'];
  return failed.includes(status) ? 'TRANSACTION_CRYPTO_FAILED' : 'TRANSACTION_CRYPTO_PENDING';
}

const b64url = (bytes: ArrayBuffer): string => {
  let bin = '';
  for (const b of new Uint8Array(bytes)) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_');
};

/** The service's signature: base64url, `=` padding kept. */
export async function signWebhook(secret: string, timestamp: string, url: string, body: string) {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return b64url(await crypto.subtle.sign('HMAC', key, enc.encode(`${timestamp}.${url}.${body}`)));
}

const TICK_MS = 100;
const ANSWER_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 40;
/** An event held back for `outOfOrder` goes anyway after this long. */
const HOLD_MS = 3_000;

interface Watched {
  /** Statuses of its timeline already announced. */
  sent: number;
}

interface Outgoing {
  eventId: string;
  eventType: string;
  status: string | null;
  /** The body sent to a profile: made once, the same on every attempt. */
  bodyFor(profileId: string): string;
}

export function createWebhookDispatcher(o: DispatcherOptions): WebhookDispatcher {
  const send = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const profiles = new Map<string, WebhookProfile>();
  const watching = new Map<string, Watched>();
  const held = new Map<string, { event: Outgoing; timer: ReturnType<typeof setTimeout> }>();
  const attempts: DeliveryAttempt[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let ticker: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref?.();
    timers.add(t);
  };

  const active = (eventType: string) =>
    [...profiles.values()].filter(
      (p) => p.status === 'ACTIVE' && (p.eventTypes.length === 0 || p.eventTypes.includes(eventType)),
    );

  /** About 1 minute, doubling to 1 hour, then hourly: scaled like the transactions' own time. */
  const retryDelay = (attempt: number) =>
    Math.max(50, backoff(attempt - 1, { firstMs: 60_000, maxMs: 3_600_000 }) * o.timeScale);

  async function attempt(p: WebhookProfile, e: Outgoing, n: number, reason?: string): Promise<number> {
    if (stopped) return 0;
    // Signed at the time the sandbox lives in, like everything it says (its clock may be moved).
    const timestamp = new Date(o.now()).toISOString();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Meld-Signature': await signWebhook(p.secret, timestamp, p.url, e.bodyFor(p.id)),
      'Meld-Signature-Timestamp': timestamp,
    };
    if (n > 1) {
      headers['Meld-Retry-Count'] = String(n - 1);
      if (reason) headers['Meld-Retry-Reason'] = reason;
    }
    let answer = 0;
    let why = 'TIMEOUT';
    try {
      const res = await send(p.url, {
        method: 'POST',
        headers,
        body: e.bodyFor(p.id),
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
      });
      answer = res.status;
      why = `HTTP_${res.status}`;
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      why = err instanceof Error && err.name === 'TimeoutError' ? 'TIMEOUT' : 'CONNECTION_ERROR';
    }
    attempts.push({
      profileId: p.id,
      eventId: e.eventId,
      eventType: e.eventType,
      status: e.status,
      attempt: n,
      answer,
    });
    if (attempts.length > 1000) attempts.splice(0, attempts.length - 1000);
    // Anything but a 200 is retried, later, with the same event id.
    if (answer !== 200 && n < MAX_ATTEMPTS && profiles.get(p.id)?.status === 'ACTIVE') {
      later(retryDelay(n), () => void attempt(p, e, n + 1, why));
    }
    return answer;
  }

  function deliver(e: Outgoing): void {
    const { duplicates } = o.scenarios.current.webhooks ?? {};
    for (const p of active(e.eventType)) {
      void attempt(p, e, 1);
      if (duplicates) later(150, () => void attempt(p, e, 1));
    }
  }

  function event(eventType: string, payload: Record<string, unknown>): Outgoing {
    const eventId = randomId('evt_', 24);
    const timestamp = new Date(o.now()).toISOString();
    const requestId = randomId('req_', 16);
    const bodies = new Map<string, string>();
    const bodyFor = (profileId: string) => {
      let body = bodies.get(profileId);
      if (body === undefined) {
        body = JSON.stringify({
          eventType,
          eventId,
          timestamp,
          accountId: SANDBOX_ACCOUNT_ID,
          profileId,
          version: '2026-02-03',
          payload: { accountId: SANDBOX_ACCOUNT_ID, ...payload, requestId },
        });
        bodies.set(profileId, body);
      }
      return body;
    };
    const status = (payload.paymentTransactionStatus as string | undefined) ?? null;
    return { eventId, eventType, status, bodyFor };
  }

  function transactionEvent(session: SessionRecord, status: string, first: boolean): Outgoing {
    const payload: Record<string, unknown> = {
      customerId: session.customer.id,
      ...(session.customer.externalId ? { externalCustomerId: session.customer.externalId } : {}),
      // The service's first event of a transaction may come before it knows the session.
      ...(first
        ? {}
        : {
            sessionId: session.id,
            ...(session.externalSessionId ? { externalSessionId: session.externalSessionId } : {}),
          }),
      paymentTransactionId: session.outcome!.transactionId,
      paymentTransactionStatus: status,
      transactionType: session.priced.quote.transactionType,
    };
    return event(eventTypeOf(status), payload);
  }

  /** Sends `e`, or with `outOfOrder` holds a non-final one until the next of its session has gone. */
  function emit(sessionId: string, e: Outgoing, final: boolean): void {
    const prior = held.get(sessionId);
    if (prior) {
      clearTimeout(prior.timer);
      held.delete(sessionId);
    }
    if (!o.scenarios.current.webhooks?.outOfOrder) return deliver(e);
    if (prior) {
      deliver(e);
      deliver(prior.event);
      return;
    }
    if (final) return deliver(e);
    const timer = setTimeout(() => {
      held.delete(sessionId);
      deliver(e);
    }, HOLD_MS);
    timer.unref?.();
    held.set(sessionId, { event: e, timer });
  }

  function tick(): void {
    const now = o.now();
    for (const [id, w] of watching) {
      const session = o.state.sessions.get(id);
      const outcome = session?.outcome;
      if (!session || !outcome) {
        watching.delete(id);
        continue;
      }
      const timeline = timelineOf(outcome.choice, session.walk, !!session.verifyUrl);
      let reached = 0;
      while (reached < timeline.length && now >= outcome.at + timeline[reached]![1] * o.timeScale) reached++;
      for (let i = w.sent; i < reached; i++) {
        emit(id, transactionEvent(session, timeline[i]![0], i === 0), i === timeline.length - 1);
      }
      w.sent = Math.max(w.sent, reached);
      if (w.sent >= timeline.length) watching.delete(id);
    }
    if (watching.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  return {
    profiles,
    attempts,
    watch(sessionId) {
      if (stopped || ![...profiles.values()].some((p) => p.status === 'ACTIVE')) return;
      watching.set(sessionId, { sent: 0 });
      if (!ticker) {
        ticker = setInterval(tick, TICK_MS);
        ticker.unref?.();
      }
      tick();
    },
    async sendTest(p) {
      const e = event('WEBHOOK_TEST', { message: 'A test event from the sandbox' });
      return { eventId: e.eventId, answer: await attempt(p, e, 1) };
    },
    tick,
    stop() {
      stopped = true;
      clearInterval(ticker);
      for (const t of timers) clearTimeout(t);
      for (const h of held.values()) clearTimeout(h.timer);
      timers.clear();
      held.clear();
      watching.clear();
    },
  };
}
