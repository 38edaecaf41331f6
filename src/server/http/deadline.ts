// One total deadline per browser request. Every upstream call made for the request (retries
// included) runs under its signal, which fires when the deadline passes or the browser goes away;
// the proxy answers by the deadline whatever the upstream does.
import { ClientAbort, HttpError } from './errors';

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

/** Calls `gone` when the browser leaves; returns how to stop watching. */
export type WatchClient = (gone: (reason?: unknown) => void) => () => void;

/** `expired`: the answer when the time runs out (default: the upstream's, deadlineError). */
export function createDeadline(
  ms: number,
  parent?: AbortSignal | WatchClient,
  expired: () => HttpError = deadlineError,
): Deadline {
  return new RequestDeadline(ms, parent, expired);
}

/**
 * A class rather than closures: one is made per request, and its `done` promise only when asked for
 * (withinDeadline races the work against the deadline without one).
 */
class RequestDeadline implements Deadline {
  readonly #ctl = new AbortController();
  readonly #ms: number;
  // Measured on the monotonic clock its timer runs on, not the time of day (which tests move and
  // the system may step).
  readonly #start = performance.now();
  readonly #timer: ReturnType<typeof setTimeout>;
  #unwatch: (() => void) | undefined;
  #expired = false;
  /** Set once the deadline passed or the browser left: why. */
  #ended: { reason: unknown } | undefined;
  #done: Promise<never> | undefined;
  #onEnd: ((reason: unknown) => void)[] = [];

  constructor(ms: number, parent: AbortSignal | WatchClient | undefined, expired: () => HttpError) {
    this.#ms = ms;
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.#end(expired());
    }, ms);
    const gone = (reason?: unknown) => this.#end(new ClientAbort(reason));
    if (typeof parent === 'function') this.#unwatch = parent(gone);
    else if (parent?.aborted) gone(parent.reason);
    else if (parent) {
      const relay = () => gone(parent.reason);
      parent.addEventListener('abort', relay, { once: true });
      this.#unwatch = () => parent.removeEventListener('abort', relay);
    }
  }

  get signal(): AbortSignal {
    return this.#ctl.signal;
  }

  remainingMs(): number {
    return Math.max(0, this.#ms - (performance.now() - this.#start));
  }

  get expired(): boolean {
    return this.#expired;
  }

  get done(): Promise<never> {
    if (!this.#done) {
      this.#done = new Promise<never>((_, reject) => this.#whenEnded(reject));
      // Nobody may be listening (the work finished first): that is not an unhandled rejection.
      this.#done.catch(() => {});
    }
    return this.#done;
  }

  /** Calls `f` with the reason once the deadline passes or the browser leaves (at once if it has). */
  #whenEnded(f: (reason: unknown) => void): void {
    if (this.#ended) f(this.#ended.reason);
    else this.#onEnd.push(f);
  }

  /** `work`, or the deadline's answer when that comes first. */
  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#whenEnded(reject);
      work.then(resolve, reject);
    });
  }

  #end(reason: unknown): void {
    this.#ctl.abort(reason);
    if (this.#ended) return;
    this.#ended = { reason };
    for (const f of this.#onEnd) f(reason);
    this.#onEnd = [];
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#unwatch?.();
    this.#onEnd = [];
  }
}

/** `work`, or the deadline's answer when that comes first. */
export async function withinDeadline<T>(deadline: Deadline, work: Promise<T>): Promise<T> {
  try {
    work.catch(() => {}); // settles after the race is decided: not unhandled
    return await (deadline instanceof RequestDeadline
      ? deadline.race(work)
      : Promise.race([work, deadline.done]));
  } finally {
    deadline.dispose();
  }
}
