// Test-only: the browser's side of the host server in process (src/server/testing/server.ts: the
// whole server, merchant backend and embedded sandbox), as the `fetch` of the widget's api client.
// Records every request the browser side sends, and plays the shopper's part on the partner page.
import type { Sandbox, Scenarios } from '../sandbox';
import { manualClock } from '../server/testing/clock';
import { testServer } from '../server/testing/server';
import type { TestServer as InProcessServer } from '../server/testing/server';
import type { RampServer } from '../server';

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
  /** The query parameters of each request to exactly `path`, in order. */
  queries(path: string): URLSearchParams[];
  sandbox: Sandbox;
  /** The host server itself: its SDK (intents, orders), upstream calls and log. */
  host: InProcessServer;
  /** The host server's RampServer (host.server): its SDK, as a merchant's server calls it. */
  ramp: RampServer;
  /** The shopper's choice on the partner's page of a session. */
  act(sessionId: string, action: 'pay' | 'decline' | 'cancel'): Promise<number>;
}

/**
 * The server on the real clock (or `clock`, a fixed time), its sandbox at once (timeScale 0) unless
 * told, limits out of reach.
 */
export function createTestServer(
  o: { timeScale?: number; env?: Record<string, string>; scenarios?: Scenarios; clock?: number } = {},
): TestServer {
  const server = testServer({
    env: {
      // The widget's own origin: the sandbox's partner pages are linked from it.
      RAMP_PUBLIC_URL: TEST_ORIGIN,
      RAMP_RATE_LIMIT_QUOTE: '6000/1000',
      RAMP_RATE_LIMIT_SESSION: '6000/1000',
      RAMP_RATE_LIMIT_DISCOVERY: '6000/1000',
      RAMP_RATE_LIMIT_TRANSACTION: '6000/1000',
      ...o.env,
    },
    clock: o.clock === undefined ? 'system' : manualClock(o.clock),
    sandbox: { timeScale: o.timeScale ?? 0, scenarios: o.scenarios },
    retry: { random: () => 0 },
  });
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
    // The widget's signal is jsdom's, which Node's Request refuses: an abort is checked above.
    return server.request(url.pathname + url.search, { ...init, signal: undefined }, '203.0.113.9');
  };

  return {
    fetch: fake,
    requests,
    sent: (prefix, method) =>
      requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)),
    queries: (path) =>
      requests.flatMap((r) => {
        const [at, query = ''] = r.path.split('?');
        return at === path ? [new URLSearchParams(query)] : [];
      }),
    sandbox: server.sandbox,
    host: server,
    ramp: server.server,
    act: async (sessionId, action) => (await server.choose(sessionId, action)).status,
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
