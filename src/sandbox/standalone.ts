// The sandbox as its own HTTP service (serve.ts is the Node entry): the sandbox app at `/`, plus,
// when enabled, test controls that stand outside the simulated API: `PUT /__faults` (replace the
// fault rules), `DELETE /__faults` and `POST /__clock` (move the sandbox clock forward). End-to-end
// tests use it as a real upstream the host server reaches over HTTP, and which outlives the host.
import { createSandbox, type Sandbox } from './sandbox';
import { controlRefusal } from './control-guard';
import { readFaultRules } from './fault-rules';

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

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (message: string) => json({ code: 'BAD_REQUEST', message }, 400);

const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

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
      const rules = readFaultRules(await readJson(request));
      if (typeof rules === 'string') return problem(`Invalid fault rules: ${rules}`);
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
