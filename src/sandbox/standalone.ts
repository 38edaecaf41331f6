// The sandbox as its own HTTP service (serve.ts is the Node entry): the sandbox app at `/`, plus,
// when enabled, its test controls (control.ts) at /__sandbox, as the host server has them: end-to-end
// tests use it as a real upstream the host server reaches over HTTP, and which outlives the host.
import { Hono } from 'hono';
import { mountRoutes } from '../api/routes/mount';
import { Refusal } from '../api/routes/refusal';
import { CONTROL_PATH, CONTROL_ROUTES, controlAccess } from './control';
import { createSandbox, type Sandbox } from './sandbox';

export interface StandaloneOptions {
  apiKey: string;
  /** The service's own origin, e.g. http://127.0.0.1:8795 (widgetUrl and icons point there). */
  publicBaseUrl: string;
  timeScale?: number;
  /** Expose the controls at /__sandbox. */
  control?: boolean;
  /** The base clock (epoch ms); the clock control adds to it. @default Date.now */
  now?: () => number;
}

export interface Standalone {
  sandbox: Sandbox;
  /** The request handler (pass the node-server bindings as `env`, so a `drop` fault can reset the socket). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
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

  const controls = new Hono();
  mountRoutes(controls, CONTROL_ROUTES, {
    deps: { faults: sandbox.faults, scenarios: sandbox.scenarios, advanceClock: (ms) => (offsetMs += ms) },
    prefix: CONTROL_PATH,
    access: controlAccess(new URL(o.publicBaseUrl).origin),
    readBody: (c) => c.req.json().catch(() => undefined),
  });
  controls.notFound(() =>
    Response.json({ code: 'NOT_FOUND', message: 'Unknown control route' }, { status: 404 }),
  );
  controls.onError((e) => {
    if (!(e instanceof Refusal)) throw e;
    return Response.json({ code: e.code, message: e.message }, { status: e.status, headers: e.headers });
  });

  return {
    sandbox,
    fetch(request, env) {
      const path = new URL(request.url).pathname;
      if (o.control && path.startsWith(`${CONTROL_PATH}/`)) return controls.fetch(request, env);
      return sandbox.app.fetch(request, env);
    },
  };
}
