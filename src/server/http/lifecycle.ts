// Where an instance is in its life, as a load balancer and an orchestrator read it: /healthz
// (liveness) answers at once in every phase, without touching a dependency, so a probe never
// restarts an instance that is migrating or waiting on a lock; /readyz (readiness) is 503 while
// starting, once draining (SIGTERM: the balancer takes it out before it stops accepting) and when
// this instance's own store is down. A shared dependency down (Redis, PostgreSQL) is `degraded`,
// not unready: every instance shares it, and each still serves discovery and quotes.
import { NO_STORE } from './context';

export type Phase = 'starting' | 'serving' | 'draining' | 'failed';

export interface Lifecycle {
  phase(): Phase;
  /** Start-up ended (the app exists) or failed. */
  started(ok: boolean): void;
  /** Readiness turns 503 at once; requests are still answered. */
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let phase: Phase = 'starting';
  return {
    phase: () => phase,
    started: (ok) => {
      if (phase === 'starting') phase = ok ? 'serving' : 'failed';
    },
    drain: () => {
      if (phase !== 'failed') phase = 'draining';
    },
  };
}

/** The readiness refusal of an instance that is not serving (or is, without its own store). */
export function notReady(phase: Phase, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json(
    { ready: false, phase, code: 'NOT_READY', message, ...extra },
    { status: 503, headers: { ...NO_STORE, 'Retry-After': '5' } },
  );
}

/**
 * The probes' answers before the app exists (Redis, PostgreSQL and migrations still opening), or
 * after it could not be built; null for any other path, which waits for the app.
 */
export function probeBeforeStart(path: string, phase: Phase): Response | null {
  if (path === '/healthz') {
    // A failed start is not alive: the orchestrator restarts it.
    return Response.json(
      { ok: phase !== 'failed', phase },
      { status: phase === 'failed' ? 503 : 200, headers: NO_STORE },
    );
  }
  if (path === '/readyz') return notReady(phase, phase === 'failed' ? 'Could not start' : 'Starting');
  return null;
}
