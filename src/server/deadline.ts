// One total deadline per browser request. Every upstream call made for the request (retries
// included) runs under its signal, which fires when the deadline passes or the browser goes away;
// the proxy answers by the deadline whatever the upstream does.
import { ClientAbort, HttpError } from './http-error';

export interface Deadline {
  /** Aborts when the time is up or the parent (the browser's request) aborts. */
  readonly signal: AbortSignal;
  /** Milliseconds left (0 once passed). */
  remainingMs(): number;
  /** Whether the time ran out (as opposed to the browser leaving). */
  readonly expired: boolean;
  /** Rejects with the answer the browser gets when the deadline fires first. */
  readonly done: Promise<never>;
  dispose(): void;
}

export const deadlineError = () =>
  new HttpError(504, 'UPSTREAM_TIMEOUT', 'The ramp service did not answer in time');

/** Calls `gone` when the browser leaves; returns how to stop watching (node-request.ts). */
export type WatchClient = (gone: (reason?: unknown) => void) => () => void;

export function createDeadline(ms: number, parent?: AbortSignal | WatchClient): Deadline {
  const ctl = new AbortController();
  const start = Date.now();
  let expired = false;
  let reject: (e: unknown) => void = () => {};
  const done = new Promise<never>((_, r) => (reject = r));
  // Nobody may be listening (the work finished first): that is not an unhandled rejection.
  done.catch(() => {});
  const timer = setTimeout(() => {
    expired = true;
    ctl.abort(deadlineError());
    reject(deadlineError());
  }, ms);
  const onParentAbort = (reason?: unknown) => {
    ctl.abort(new ClientAbort(reason));
    reject(new ClientAbort(reason));
  };
  let unwatch = () => {};
  if (typeof parent === 'function') unwatch = parent(onParentAbort);
  else if (parent?.aborted) onParentAbort(parent.reason);
  else if (parent) {
    const relay = () => onParentAbort(parent.reason);
    parent.addEventListener('abort', relay, { once: true });
    unwatch = () => parent.removeEventListener('abort', relay);
  }
  return {
    signal: ctl.signal,
    remainingMs: () => Math.max(0, ms - (Date.now() - start)),
    get expired() {
      return expired;
    },
    done,
    dispose() {
      clearTimeout(timer);
      unwatch();
    },
  };
}

/** `work`, or the deadline's answer when that comes first. */
export async function withinDeadline<T>(deadline: Deadline, work: Promise<T>): Promise<T> {
  try {
    work.catch(() => {}); // settles after the race is decided: not unhandled
    return await Promise.race([work, deadline.done]);
  } finally {
    deadline.dispose();
  }
}
