// The sandbox as its own HTTP service (serve.ts is the Node entry): the sandbox app at `/`, plus,
// when enabled, test controls that stand outside the simulated API: `PUT /__faults` (replace the
// fault rules), `DELETE /__faults` and `POST /__clock` (move the sandbox clock forward). End-to-end
// tests use it as a real upstream the host server reaches over HTTP, and which outlives the host.
import { createSandbox, type Sandbox } from './sandbox';
import { controlRefusal } from './control-guard';
import type { FaultKind, FaultRule } from './faults';
import { PathPatternError, compilePathPattern } from './path-pattern';

export interface StandaloneOptions {
  apiKey: string;
  /** The service's own origin, e.g. http://127.0.0.1:8795 (widgetUrl and icons point there). */
  publicBaseUrl: string;
  timeScale?: number;
  /** Expose /__faults and /__clock. */
  control?: boolean;
  /** The base clock (epoch ms); /__clock adds to it. @default Date.now */
  now?: () => number;
}

export interface Standalone {
  sandbox: Sandbox;
  /** The request handler (pass the node-server bindings as `env`, so a `drop` fault can reset the socket). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

const KINDS: readonly FaultKind[] = ['latency', 'status', 'malformed', 'drop', 'hang'];
const MAX_RULES = 20;

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (message: string) => json({ code: 'BAD_REQUEST', message }, 400);

const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

/** One rule from its JSON form (`pathPattern`: a regular expression instead of a path prefix), or why not. */
export function parseFaultRule(x: unknown): FaultRule | string {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'each rule must be an object';
  const r = x as Record<string, unknown>;
  const known = ['method', 'path', 'pathPattern', 'rate', 'kind', 'latencyMs', 'status', 'code', 'times'];
  const unknown = Object.keys(r).find((k) => !known.includes(k));
  if (unknown !== undefined) return `unknown field ${unknown.slice(0, 40)}`;
  if (!KINDS.includes(r.kind as FaultKind)) return `kind must be one of ${KINDS.join(', ')}`;
  const rule: FaultRule = { kind: r.kind as FaultKind };
  if (r.method !== undefined) {
    if (typeof r.method !== 'string' || !/^[A-Za-z]{1,10}$/.test(r.method))
      return 'method must be an HTTP method';
    rule.method = r.method;
  }
  if (r.path !== undefined && r.pathPattern !== undefined) return 'give path or pathPattern, not both';
  if (r.path !== undefined) {
    if (typeof r.path !== 'string' || !r.path.startsWith('/') || r.path.length > 200) {
      return 'path must be a path prefix starting with /';
    }
    rule.path = r.path;
  }
  if (r.pathPattern !== undefined) {
    if (typeof r.pathPattern !== 'string' || r.pathPattern.length > 200)
      return 'pathPattern must be a string';
    try {
      rule.path = compilePathPattern(r.pathPattern);
    } catch (e) {
      if (e instanceof PathPatternError) return e.message;
      throw e;
    }
  }
  if (r.rate !== undefined) {
    if (typeof r.rate !== 'number' || !(r.rate >= 0 && r.rate <= 1))
      return 'rate must be a number from 0 to 1';
    rule.rate = r.rate;
  }
  if (r.latencyMs !== undefined) {
    if (!isInt(r.latencyMs, 0, 120_000)) return 'latencyMs must be an integer from 0 to 120000';
    rule.latencyMs = r.latencyMs;
  }
  if (r.status !== undefined) {
    if (!isInt(r.status, 400, 599)) return 'status must be an integer from 400 to 599';
    rule.status = r.status;
  }
  if (r.code !== undefined) {
    if (typeof r.code !== 'string' || !/^[A-Z0-9_]{1,64}$/.test(r.code))
      return 'code must be an upper-case error code';
    rule.code = r.code;
  }
  if (r.times !== undefined) {
    if (!isInt(r.times, 1, 1_000_000)) return 'times must be a positive integer';
    rule.times = r.times;
  }
  return rule;
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

export function createStandaloneSandbox(o: StandaloneOptions): Standalone {
  const base = o.now ?? Date.now;
  let offsetMs = 0;
  const sandbox = createSandbox({
    apiKey: o.apiKey,
    publicBaseUrl: o.publicBaseUrl,
    timeScale: o.timeScale,
    now: () => base() + offsetMs,
  });

  const ownOrigin = new URL(o.publicBaseUrl).origin;
  async function control(request: Request, path: string): Promise<Response> {
    const refused = controlRefusal(request, ownOrigin);
    if (refused) return json({ code: 'FORBIDDEN', message: refused.message }, refused.status);
    if (path === '/__faults' && request.method === 'DELETE') {
      sandbox.faults.clear();
      return new Response(null, { status: 204 });
    }
    if (path === '/__faults' && request.method === 'PUT') {
      const body = await readJson(request);
      const list = (body as { rules?: unknown } | undefined)?.rules;
      if (!Array.isArray(list) || list.length > MAX_RULES) {
        return problem(`expected { "rules": [...] } with at most ${MAX_RULES} rules`);
      }
      const rules: FaultRule[] = [];
      for (const [i, x] of list.entries()) {
        const rule = parseFaultRule(x);
        if (typeof rule === 'string') return problem(`rules[${i}]: ${rule}`);
        rules.push(rule);
      }
      sandbox.faults.set(rules);
      return new Response(null, { status: 204 });
    }
    if (path === '/__clock' && request.method === 'POST') {
      const advanceMs = ((await readJson(request)) as { advanceMs?: unknown } | undefined)?.advanceMs;
      if (!isInt(advanceMs, 0, 365 * 86_400_000)) return problem('expected { "advanceMs": integer ≥ 0 }');
      offsetMs += advanceMs;
      return new Response(null, { status: 204 });
    }
    return json({ code: 'NOT_FOUND', message: 'Unknown control route' }, 404);
  }

  return {
    sandbox,
    fetch(request, env) {
      const path = new URL(request.url).pathname;
      if (o.control && (path === '/__faults' || path === '/__clock')) return control(request, path);
      return sandbox.app.fetch(request, env);
    },
  };
}
