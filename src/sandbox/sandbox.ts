// createSandbox: the embedded upstream as a Hono app (mountable, e.g. at /sandbox) plus an
// in-process fetch for tests, benchmarks and the host server's no-configuration mode.

import { Hono } from 'hono';
import { iconUrls, registerAssets } from './assets';
import { authMiddleware } from './auth';
import type { SandboxContext } from './context';
import { registerDiscovery } from './discovery';
import { apiError } from './errors';
import { createFaultInjector, DROP_HEADER, type FaultInjector } from './faults';
import { registerNotifications } from './notifications';
import { registerListings } from './listings';
import { registerPayments } from './payments';
import { registerProviderPages } from './provider-page';
import { createScenarios, type ScenarioControl, type Scenarios } from './scenarios';
import { registerSessionWidget } from './session-widget';
import { SandboxState } from './state';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks';

export interface SandboxOptions {
  /** The key every API call must present as `Authorization: BASIC <apiKey>`. */
  apiKey: string;
  /**
   * Absolute URL where the app is mounted (e.g. http://127.0.0.1:8787/sandbox); used for widgetUrl
   * and icon URLs. Without it, widgetUrl uses http://sandbox.internal and icons are data: URLs.
   */
  publicBaseUrl?: string;
  /** Multiplies the provider's processing time (≈6 s to SETTLED at 1). @default 1 */
  timeScale?: number;
  /** The clock (epoch ms). @default Date.now */
  now?: () => number;
  /** Random source for fault `rate` (pass seededRandom(n) for repeatable runs). @default Math.random */
  random?: () => number;
  /** Partner behaviours to start with (see scenarios.ts); changeable later through `scenarios`. */
  scenarios?: Scenarios;
  /** How the service's webhooks leave the sandbox (to the registered URLs). @default globalThis.fetch */
  webhookFetch?: typeof fetch;
}

export interface Sandbox {
  app: Hono;
  /**
   * In-process fetch: any origin; the path after it is routed as under the mount point (a path
   * that still starts with the mount path is accepted too). Redirects are returned, not followed.
   */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  faults: FaultInjector;
  /** Switches partner behaviours of the real service (incomplete quotes, by-session lookups, 2FA). */
  scenarios: ScenarioControl;
  /** The webhook profiles registered with /notifications/webhooks and what was sent to them. */
  webhooks: Pick<WebhookDispatcher, 'profiles' | 'attempts' | 'tick' | 'stop'>;
}

export const SANDBOX_ORIGIN = 'http://sandbox.internal';

export function createSandbox(options: SandboxOptions): Sandbox {
  if (!options.apiKey) throw new Error('createSandbox: apiKey is required (the key clients must send).');
  const now = options.now ?? Date.now;
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale >= 0)) throw new Error('createSandbox: timeScale must be a number ≥ 0.');
  const publicBaseUrl = (options.publicBaseUrl ?? SANDBOX_ORIGIN).replace(/\/+$/, '');
  const mountPath = new URL(publicBaseUrl).pathname.replace(/\/+$/, '');
  // Mounted with app.route('/sandbox', …) the app sees full paths; with mount() or fetch, bare ones.
  const relativePath = (path: string) =>
    mountPath && (path === mountPath || path.startsWith(`${mountPath}/`))
      ? path.slice(mountPath.length) || '/'
      : path;

  const state = new SandboxState(now());
  const scenarios = createScenarios(options.scenarios);
  const webhooks = createWebhookDispatcher({ now, timeScale, state, scenarios, fetch: options.webhookFetch });
  const ctx: SandboxContext = {
    now,
    timeScale,
    publicBaseUrl,
    icons: iconUrls(options.publicBaseUrl ? publicBaseUrl : null),
    state,
    scenarios,
    webhooks,
    fail: (c, status, code, message, errors) => apiError(c, now(), status, code, message, errors),
  };
  const faults = createFaultInjector(options.random);

  const app = new Hono();
  app.use('*', faults.middleware(relativePath, now));
  app.use('*', authMiddleware(options.apiKey, ctx, relativePath));
  registerAssets(app);
  registerProviderPages(app, ctx);
  registerDiscovery(app, ctx);
  registerPayments(app, ctx);
  registerSessionWidget(app, ctx);
  registerListings(app, ctx);
  registerNotifications(app, ctx, webhooks);
  app.notFound((c) => ctx.fail(c, 404, 'NOT_FOUND'));
  app.onError((err, c) => {
    // A bug in the simulator, not a simulated fault: say so where the developer looks.
    console.error('sandbox: unhandled error', err);
    return ctx.fail(c, 500, 'UNEXPECTED_ERROR');
  });

  async function sandboxFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request =
      typeof input === 'string' && input.startsWith('/')
        ? new Request(SANDBOX_ORIGIN + input, init)
        : new Request(input, init);
    const url = new URL(request.url);
    // Follow the caller's own signal. A Request's signal follows its parent's only while that
    // Request object is alive (undici holds the link weakly): `request` may be collected during a
    // long `hang`, and the abort would then never arrive.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    // Rebuilt from its parts, not from `request` as the init: Vitest's jsdom Request (the widget's
    // tests run the server in it) copies only an init's own fields, and a Request has none.
    const routed = new Request(`${SANDBOX_ORIGIN}${relativePath(url.pathname)}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body: request.body ? await request.arrayBuffer() : null,
      ...(signal ? { signal } : {}),
    });
    if (signal?.aborted) throw signal.reason;
    const response = await new Promise<Response>((resolve, reject) => {
      // Like fetch, reject as soon as the caller aborts, whatever the handler is doing.
      const onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(app.fetch(routed))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
    if (response.headers.get(DROP_HEADER) === 'drop') {
      await response.body?.cancel().catch(() => undefined);
      throw new TypeError('fetch failed', { cause: new Error('sandbox fault: connection dropped') });
    }
    return response;
  }

  return { app, fetch: sandboxFetch, faults, scenarios: ctx.scenarios, webhooks };
}
