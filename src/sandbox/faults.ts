// Fault injection: rules matched by method, path, rate and count, applied before routing so they
// cover every operation. Kinds: `latency` (delay, then carry on), `status` (a documented-looking
// error body), `malformed` (200 with the real body cut short), `drop` (a network failure), `hang`
// (no answer until the caller aborts). `rate` draws from an injectable random, so a seeded PRNG
// makes runs repeatable.

import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { codeForStatus, errorBody } from './errors';

export type FaultKind = 'latency' | 'status' | 'malformed' | 'drop' | 'hang';

export interface FaultRule {
  /** HTTP method (any case); any method when absent. */
  method?: string;
  /**
   * Path under the sandbox's mount point. A string matches that path and everything below it
   * ('/payments' matches '/payments/crypto/quote'); a RegExp (in code only: JSON rules take
   * prefixes, fault-rules.ts) is tested against the path.
   */
  path?: string | PathTest;
  /** Probability (0..1) that a matching request is hit. Default 1. */
  rate?: number;
  kind: FaultKind;
  /** `latency`: delay in ms (default 500). */
  latencyMs?: number;
  /** `status`: HTTP status (default 503). */
  status?: number;
  /** `status`: error code (default from the status: 503 → SERVICE_UNAVAILABLE, 500 → UNEXPECTED_ERROR, …). */
  code?: string;
  /** Hit at most this many requests, then the rule retires. Unlimited when absent. */
  times?: number;
}

/** A RegExp, or anything else that tests a path. */
export interface PathTest {
  test(path: string): boolean;
}

export interface FaultInjector {
  /** Replaces all rules. */
  set(rules: FaultRule[]): void;
  add(rule: FaultRule): void;
  clear(): void;
  /** The rules still active, in order. */
  readonly rules: readonly FaultRule[];
}

/** Marks a dropped response for sandbox.fetch, which turns it into a rejected promise. */
export const DROP_HEADER = 'x-sandbox-fault';

interface Active {
  rule: FaultRule;
  left: number;
}

export function pathMatches(pattern: string | PathTest | undefined, path: string): boolean {
  if (pattern === undefined) return true;
  if (typeof pattern !== 'string') return pattern.test(path);
  const base = pattern.replace(/\/+$/, '');
  return path === pattern || path === base || path.startsWith(`${base}/`);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

export interface FaultEngine extends FaultInjector {
  /** The middleware; `relativePath` maps the request path to the path under the mount point. */
  middleware(relativePath: (path: string) => string, now: () => number): MiddlewareHandler;
}

export function createFaultInjector(random: () => number = Math.random): FaultEngine {
  let active: Active[] = [];

  /** The next rule that hits this request (consuming one of its `times`), if any. */
  function hit(method: string, path: string, from: number): [FaultRule, number] | undefined {
    for (let i = from; i < active.length; i++) {
      const entry = active[i]!;
      const { rule } = entry;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      // Only draw when the rate is partial, so a seeded sequence is not consumed by certain rules.
      const rate = rule.rate ?? 1;
      if (rate < 1 && !(random() < rate)) continue;
      entry.left -= 1;
      if (entry.left <= 0) active = active.filter((a) => a !== entry);
      return [rule, entry.left <= 0 ? i : i + 1];
    }
    return undefined;
  }

  return {
    set(rules) {
      active = rules.map((rule) => ({ rule, left: rule.times ?? Infinity }));
    },
    add(rule) {
      active = [...active, { rule, left: rule.times ?? Infinity }];
    },
    clear() {
      active = [];
    },
    get rules() {
      return active.map((a) => a.rule);
    },
    middleware(relativePath, now) {
      return async (c, next) => {
        if (active.length === 0) return next();
        const method = c.req.method.toUpperCase();
        const path = relativePath(c.req.path);
        const signal = c.req.raw.signal;
        let from = 0;
        for (let found = hit(method, path, from); found; found = hit(method, path, from)) {
          const [rule, nextIndex] = found;
          from = nextIndex;
          switch (rule.kind) {
            case 'latency':
              await sleep(rule.latencyMs ?? 500, signal);
              continue;
            case 'status': {
              const status = (rule.status ?? 503) as ContentfulStatusCode;
              const code = rule.code ?? codeForStatus(status);
              if (status === 429 || status === 503) c.header('Retry-After', '1');
              return c.json(errorBody(now(), code), status);
            }
            case 'malformed': {
              await next();
              const text = await c.res.text();
              // Cut the real body short: valid JSON never survives losing its closing half.
              const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
              // Clear the real response first, so Hono does not merge its headers into this one.
              c.res = undefined;
              c.res = new Response(cut || '{', {
                status: 200,
                headers: { 'content-type': 'application/json; charset=UTF-8' },
              });
              return;
            }
            case 'drop': {
              // Over Node HTTP (@hono/node-server passes `incoming`), reset the connection itself.
              const env = c.env as { incoming?: { socket?: { destroy?: () => void } } } | undefined;
              const headers = { [DROP_HEADER]: 'drop' };
              const socket = env?.incoming?.socket;
              if (socket?.destroy) {
                socket.destroy();
                return new Response(null, { status: 502, headers });
              }
              // Elsewhere, a body that fails mid-read is the closest to a dropped connection.
              const body = new ReadableStream({
                pull: (controller) => controller.error(new TypeError('connection reset')),
              });
              return new Response(body, { status: 502, headers });
            }
            case 'hang':
              await untilAborted(signal);
              return new Response(null, { status: 499 });
          }
        }
        return next();
      };
    },
  };
}
