// Test-only: the real host server (src/server) over the real sandbox, in process, as the `fetch`
// of the widget's api client. Records every request the browser side sends, and plays the
// shopper's part on the simulated partner page.
import { createSandbox } from '../sandbox';
import type { Sandbox, Scenarios } from '../sandbox';
import { createApp } from '../server/app';
import { resolveConfig } from '../server/config/config';
import { loadConfig } from '../server/config/env';
import { createMemoryLogger } from '../server/http/log';

export const TEST_ORIGIN = 'http://localhost';
export const TEST_API_BASE = `${TEST_ORIGIN}/api/ramp`;

export interface RecordedRequest {
  method: string;
  /** Path after /api/ramp, with the query string. */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  /** The browser side's signal: aborted when the widget gave up on the request. */
  signal?: AbortSignal | null;
}

export interface TestServer {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The recorded requests whose path starts with `prefix`. */
  sent(prefix: string, method?: string): RecordedRequest[];
  sandbox: Sandbox;
  /** The shopper's choice on the partner's page of a session. */
  act(sessionId: string, action: 'pay' | 'decline' | 'cancel'): Promise<number>;
}

export function createTestServer(
  o: { timeScale?: number; env?: Record<string, string>; scenarios?: Scenarios } = {},
): TestServer {
  const config = resolveConfig(
    loadConfig({
      RAMP_RATE_LIMIT_QUOTE: '6000/1000',
      RAMP_RATE_LIMIT_SESSION: '6000/1000',
      RAMP_RATE_LIMIT_DISCOVERY: '6000/1000',
      RAMP_RATE_LIMIT_TRANSACTION: '6000/1000',
      // Its answers are checked against their schemas (src/server/http/self-check.ts).
      RAMP_SELF_CHECK: '1',
      ...o.env,
    }),
  );
  const sandbox = createSandbox({
    apiKey: config.upstream.apiKey,
    publicBaseUrl: `${TEST_ORIGIN}/sandbox`,
    timeScale: o.timeScale ?? 0,
    scenarios: o.scenarios,
  });
  // Plain values into the sandbox app: jsdom's Request wrapper loses the headers of a POST when a
  // Request is rebuilt from another Request (as sandbox.fetch does to route it).
  const upstream: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return sandbox.app.request(url.pathname + url.search, {
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    });
  };
  const app = createApp(config, {
    sandbox,
    fetch: upstream,
    log: createMemoryLogger(),
    retry: { sleep: async () => {}, random: () => 0 },
  });
  const browser = { clientIp: '203.0.113.9' };
  const requests: RecordedRequest[] = [];

  const fake: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), TEST_ORIGIN);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const text = typeof init?.body === 'string' ? init.body : undefined;
    requests.push({
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/ramp/, '') + url.search,
      headers,
      signal: init?.signal,
      ...(text !== undefined ? { body: JSON.parse(text) as unknown } : {}),
    });
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return app.request(url.pathname + url.search, { ...init, signal: undefined }, browser);
  };

  return {
    fetch: fake,
    requests,
    sent: (prefix, method) =>
      requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)),
    sandbox,
    act: async (sessionId, action) => {
      const res = await sandbox.app.request(`/provider/checkout/${encodeURIComponent(sessionId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
      });
      return res.status;
    },
  };
}

/** The test server's fetch, holding the requests `held` picks until `release()`. */
export function holding(server: TestServer, held: (url: string) => boolean) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (held(String(input))) await gate;
    return server.fetch(input, init);
  };
  return { fetch, release: () => release() };
}
