// Test support: the host server in process, as createRampServer composes it (proxy, merchant backend
// and ledger, the embedded sandbox), over the upstream a test chooses, on a clock it moves, with
// retries that pause for no real time and an in-memory log. `testServer` answers through its
// `fetch`; `listeningTestServer` is the same on a loopback port through serve() (Node's http server,
// what `npm start` runs). Either closes when the test that made it ends (open-servers.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { createSandbox } from '../../sandbox';
import type { Sandbox, SandboxOptions, Scenarios } from '../../sandbox';
import { secretsOf } from '../config/config';
import type { ServerConfig } from '../config/config';
import { SANDBOX_BASE_URL } from '../config/defaults';
import { loadConfig } from '../config/env';
import type { Env } from '../config/env';
import type { RampServerOptions } from '../config/options';
import { createLogger } from '../http/log';
import type { Logger } from '../http/log';
import { serve } from '../node/listen';
import type { ServeHooks } from '../node/listen';
import { createRampServer } from '../server';
import type { ClientInfo, PackageFiles, RampServer, RampServerInternals } from '../server';
import { memoryLedger } from './memory-ledger';
import type { Ledger } from '../storage/ledger';
import { manualClock } from './clock';
import { closeWhenDone } from './open-servers';
import { QUOTE_BODY, SESSION_BODY, json, quotedSession } from './session';
import { TEST_BASE, TEST_KEY, fakeUpstream } from './upstream';
import type { FakeUpstream, Recorded } from './upstream';

export const SHOP = 'https://shop.example';
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const SESSION_SECRET = 'test-session-secret-0123456789abcdef';
/** What a browser at this address sends (the connection the Node entry passes the server). */
export const BROWSER_IP = '203.0.113.7';
/** The in-process server's origin (`request` paths are resolved against it). */
export const TEST_ORIGIN = 'http://localhost';

/**
 * Every test server's environment unless the test says otherwise (a blank value unsets one). No
 * background jobs (RAMP_ROLE=web: status sync, webhook sender, pending orders, retention): they call
 * the upstream on their own time, which a test of the browser's calls must not count; a test of
 * them sets RAMP_ROLE=all. What it answers and the events it makes are checked against their schemas
 * (RAMP_SELF_CHECK: http/self-check.ts).
 */
const BASE_ENV: Env = {
  RAMP_ROLE: 'web',
  RAMP_ALLOWED_ORIGINS: SHOP,
  RAMP_ADMIN_TOKEN: ADMIN_TOKEN,
  RAMP_SESSION_SECRET: SESSION_SECRET,
  RAMP_SELF_CHECK: '1',
};

/**
 * Limits no test reaches by accident, and an upstream given up on quickly: a hanging upstream costs
 * a test a fraction of a second, and a session creation slower than its timeout (500 ms) fails
 * before the browser's deadline (5 s).
 */
export const HARDENING_ENV: Env = {
  RAMP_UPSTREAM_TIMEOUT_MS: '250',
  RAMP_SESSION_TIMEOUT_MS: '500',
  RAMP_REQUEST_DEADLINE_MS: '5000',
  RAMP_RATE_LIMIT_QUOTE: '100000/100000',
  RAMP_RATE_LIMIT_SESSION: '100000/100000',
};

/**
 * The upstream: `sandbox`, the embedded one (RAMP_API_BASE_URL unset, as a server out of the box);
 * `remote-sandbox`, a sandbox of the test's own configured as the upstream (the key is RAMP_API_KEY,
 * TEST_KEY unless the env says); `fake`, the recording fake of upstream.ts (the spec's examples,
 * overridable per path); or a fetch, configured as the upstream.
 */
export type UpstreamChoice = 'sandbox' | 'remote-sandbox' | 'fake' | typeof fetch;

/** The fake upstream, for a server on it. */
type FakeOf<U> = U extends 'fake' ? FakeUpstream : undefined;
/** The sandbox, for a server on one. */
type SandboxOf<U> = U extends 'sandbox' | 'remote-sandbox' ? Sandbox : undefined;

export interface TestServerOptions<U extends UpstreamChoice = UpstreamChoice> {
  /** Environment variables, as an operator sets them (loadConfig reads them; blank unsets). */
  env?: Env;
  /** createRampServer's options, over `env` (for what no variable says, e.g. clientIp). */
  options?: RampServerOptions;
  /** @default 'sandbox' */
  upstream?: U;
  /** Stands between the server and its upstream (e.g. one that echoes what it was sent). */
  wrapUpstream?: (upstream: typeof fetch) => typeof fetch;
  /**
   * The sandbox (`sandbox` and `remote-sandbox`): its speed (0: at once; the env's otherwise), its
   * partner scenarios, or (`remote-sandbox`: the key is the test's) one to reuse, as a restarted
   * server meets the same upstream.
   */
  sandbox?: { timeScale?: number; scenarios?: Scenarios; reuse?: Sandbox };
  /**
   * The server's clock. @default in process a manual clock (2026-02-03 12:00 UTC, moved by
   * `clock.advance`); listening, the system's (a server on a port meets real time: Node's timeouts,
   * other instances on a shared Redis)
   */
  clock?: TestServerParts['clock'] | 'system' | (() => number);
  /**
   * The ledger: `memory` (default; opened at its first use, memory-ledger.ts); `dir`, the embedded
   * ledger in the data directory (RAMP_DATA_DIR, else a temporary one removed at close); or one
   * given. Not used with RAMP_DATABASE_URL (the server opens PostgreSQL).
   */
  ledger?: 'memory' | 'dir' | Ledger | Promise<Ledger>;
  /** Upstream retries: no real pauses (default; each recorded in `delays`), or `real` ones. */
  retry?: { random?: () => number } | 'real';
  /** A hosted build folder to serve (its embed beside it, in ../embed), or the files. @default none */
  static?: string | PackageFiles;
  /** The fetch webhooks are sent with. */
  webhookFetch?: typeof fetch;
  /** The log. @default the production logger (the config's secrets hidden), writing to `lines` */
  log?: Logger;
}

/** What every test server offers, in process or listening. */
export interface TestServerParts<U extends UpstreamChoice = UpstreamChoice> {
  config: ServerConfig;
  clock: { now(): number; advance(ms: number): void };
  /** The log's lines (JSON), when the test gave no log of its own. */
  lines: string[];
  /** Every upstream call, in order: method, path below the base URL, headers, JSON body. */
  calls: Recorded[];
  /** The upstream calls to `path` (below the base URL; a pattern is matched against it). */
  callsTo(path: string | RegExp): Recorded[];
  /** Each retry pause the server asked for (ms), in order. */
  delays: number[];
  /** The fake upstream (`upstream: 'fake'`): its calls, overrides and hold. */
  upstream: FakeOf<U>;
  /** The sandbox (`sandbox`, `remote-sandbox`). */
  sandbox: SandboxOf<U>;
  /** The sandbox's clock (the server's, plus what /__sandbox/clock moved it by). */
  sandboxNow(): number;
  /** A request from the browser at `client` (an IP, or what the Node entry would pass), once the server is ready. */
  request(path: string | URL | Request, init?: RequestInit, client?: string | ClientInfo): Promise<Response>;
  /** A session created as the widget does: its terms quoted first (session.ts quotedSession). */
  session(body?: unknown, headers?: Record<string, string>, ip?: string): Promise<Response>;
  /** A quote, as the widget asks for one. */
  quote(body?: unknown): Promise<Response>;
  /** The shopper's choice on the sandbox's partner page of a session: 303 when taken. */
  choose(sessionId: string, action?: 'pay' | 'decline' | 'cancel'): Promise<Response>;
  /** The session's transaction, as the widget tracks it with the session's token. */
  track(sessionId: string, token: string): Promise<Response>;
  /** A session created through the server and paid on the partner page, with its transaction id. */
  paidSession(): Promise<{ id: string; token: string; txId: string }>;
  /** Closes the server (stops its jobs, closes its ledger); at the test's end if not called. */
  close(): Promise<void>;
}

export interface TestServer<U extends UpstreamChoice = UpstreamChoice> extends TestServerParts<U> {
  server: RampServer;
}

/** The server in process: its `request` goes to createRampServer's fetch. */
export function testServer<U extends UpstreamChoice = 'sandbox'>(
  o: TestServerOptions<U> = {},
): TestServer<U> {
  const made = compose(o);
  const server = createRampServer(made.options, made.internals);
  return finish<U>(made, server, async () => {
    await server.close();
  });
}

export interface ListeningTestServer<U extends UpstreamChoice = UpstreamChoice> extends TestServerParts<U> {
  /** What serve() gave: the Node server, the RampServer, its origin, shutdown. */
  serving: Awaited<ReturnType<typeof serve>>;
  server: RampServer;
  origin: string;
  port: string;
}

/** The server as `npm start` serves it, on a free loopback port (the Node server's timeouts given or its own). */
export async function listeningTestServer<U extends UpstreamChoice = 'sandbox'>(
  o: TestServerOptions<U> & { timeouts?: ServeHooks['timeouts'] } = {},
): Promise<ListeningTestServer<U>> {
  const made = compose({ clock: 'system', ...o });
  const serving = await serve(
    { ...made.options, host: '127.0.0.1', port: 0 },
    { ...made.internals, timeouts: o.timeouts },
  );
  const parts = finish<U>(made, serving.ramp, () => serving.close());
  return {
    ...parts,
    serving,
    server: serving.ramp,
    origin: serving.origin,
    port: new URL(serving.origin).port,
  };
}

type Composed = ReturnType<typeof compose>;

/** The options and internals of createRampServer for `o`, and what the test keeps of them. */
function compose(o: TestServerOptions<UpstreamChoice>) {
  const choice = o.upstream ?? 'sandbox';
  const remote = choice !== 'sandbox';
  const env: Env = {
    ...BASE_ENV,
    ...(remote
      ? {
          RAMP_API_BASE_URL: choice === 'remote-sandbox' ? SANDBOX_BASE_URL : TEST_BASE,
          RAMP_API_KEY: TEST_KEY,
        }
      : {}),
    ...o.env,
  };
  const options: RampServerOptions = { ...loadConfig(env), ...o.options };
  const clock =
    o.clock === 'system'
      ? { now: () => Date.now(), advance: () => void 0 }
      : typeof o.clock === 'function'
        ? { now: o.clock, advance: () => void 0 }
        : (o.clock ?? manualClock());
  const lines: string[] = [];
  // The production logger, to memory: it hides the config's secrets, and the embedded sandbox's key
  // (made with the server) once known.
  const secrets = secretsOf(options);
  let memoryLog: Logger | undefined;
  const toMemory = () =>
    (memoryLog ??= createLogger({ secrets, write: (l) => lines.push(l), level: 'debug', now: clock.now }));
  const log: Logger = o.log ?? {
    debug: (m, f) => toMemory().debug(m, f),
    info: (m, f) => toMemory().info(m, f),
    warn: (m, f) => toMemory().warn(m, f),
    error: (m, f) => toMemory().error(m, f),
  };
  const delays: number[] = [];
  const calls: Recorded[] = [];

  let sandbox: Sandbox | undefined;
  let sandboxNow = clock.now;
  const makeSandbox = (given: SandboxOptions): Sandbox => {
    secrets.push(given.apiKey);
    memoryLog = undefined;
    sandboxNow = given.now ?? clock.now;
    sandbox =
      o.sandbox?.reuse ??
      createSandbox({
        ...given,
        ...(o.sandbox?.timeScale === undefined ? {} : { timeScale: o.sandbox.timeScale }),
        ...(o.sandbox?.scenarios ? { scenarios: o.sandbox.scenarios } : {}),
      });
    return { ...sandbox, fetch: upstreamOf(sandbox.fetch) };
  };
  /** The server's way to the upstream: recorded, then through the test's wrapper. */
  const upstreamOf = (raw: typeof fetch) => {
    const base = new URL(options.apiBaseUrl ?? SANDBOX_BASE_URL).pathname.replace(/\/$/, '');
    const recorded = recording(raw, calls, base);
    return o.wrapUpstream ? o.wrapUpstream(recorded) : recorded;
  };
  const fake = choice === 'fake' ? fakeUpstream() : undefined;
  const upstream =
    choice === 'sandbox'
      ? undefined
      : choice === 'remote-sandbox'
        ? makeSandbox({
            apiKey: options.apiKey ?? TEST_KEY,
            publicBaseUrl: SANDBOX_BASE_URL,
            timeScale: options.sandboxTimeScale,
            now: clock.now,
          }).fetch
        : upstreamOf(choice === 'fake' ? fake!.fetch : choice);

  const dataDir =
    o.ledger === 'dir' && options.dataDir === undefined
      ? mkdtempSync(join(tmpdir(), 'ramp-test-'))
      : undefined;
  if (dataDir) options.dataDir = dataDir;
  const ledger =
    options.databaseUrl || o.ledger === 'dir'
      ? undefined
      : o.ledger === undefined || o.ledger === 'memory'
        ? memoryLedger(clock.now)
        : o.ledger;

  const internals: RampServerInternals = {
    log,
    now: clock.now,
    static: typeof o.static === 'string' ? staticFiles(o.static) : (o.static ?? null),
    ...(ledger ? { ledger } : {}),
    ...(o.webhookFetch ? { webhookFetch: o.webhookFetch } : {}),
    ...(upstream ? { fetch: upstream } : { sandbox: makeSandbox }),
    ...(o.retry === 'real'
      ? {}
      : {
          retry: {
            sleep: async (ms: number) => void delays.push(ms),
            random: o.retry?.random ?? (() => 0.5),
          },
        }),
  };
  return {
    options,
    internals,
    clock,
    lines,
    calls,
    delays,
    fake,
    sandbox: () => sandbox,
    sandboxNow: () => sandboxNow(),
    removeDataDir: () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The test's handle on a server made of `made`. */
function finish<U extends UpstreamChoice>(
  made: Composed,
  server: RampServer,
  stop: () => Promise<void>,
): TestServer<U> {
  // Once ready, as a server behind a balancer is first sent requests (a probe's answer while it
  // starts is the lifecycle's own test's); a start that fails is each request's to tell.
  const ready = server.ready().catch(() => {});
  const request = async (
    path: string | URL | Request,
    init: RequestInit = {},
    client: string | ClientInfo = BROWSER_IP,
  ) => {
    await ready;
    const req = path instanceof Request ? path : new Request(new URL(path, TEST_ORIGIN), init);
    return server.fetch(req, typeof client === 'string' ? { ip: client } : client);
  };
  const sandbox = made.sandbox();
  const choose = (sessionId: string, action: 'pay' | 'decline' | 'cancel' = 'pay') => {
    if (!sandbox) throw new Error('this test server has no sandbox: its upstream is not one');
    return sandbox.fetch(`${SANDBOX_BASE_URL}/provider/checkout/${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
    });
  };
  const track = (sessionId: string, token: string) =>
    request(`/api/ramp/payments/transactions/sessions/${sessionId}`, {
      headers: { 'X-Ramp-Tracking': token },
    });
  const session = (body: unknown = SESSION_BODY, headers: Record<string, string> = {}, ip?: string) =>
    quotedSession((path, init) => request(path, init, ip), body, headers);
  let paid = 0;
  const close = closeWhenDone(async () => {
    await stop();
    made.removeDataDir();
  });
  return {
    server,
    config: server.config,
    clock: made.clock,
    lines: made.lines,
    calls: made.calls,
    callsTo: (path) =>
      made.calls.filter((c) => (typeof path === 'string' ? c.path === path : path.test(c.path))),
    delays: made.delays,
    upstream: made.fake as FakeOf<U>,
    sandbox: sandbox as SandboxOf<U>,
    sandboxNow: made.sandboxNow,
    request,
    session,
    quote: (body = QUOTE_BODY) => request('/api/ramp/payments/crypto/quote', json(body)),
    choose,
    track,
    async paidSession() {
      const res = await session(SESSION_BODY, { 'Idempotency-Key': `paid-session-${++paid}` });
      if (res.status !== 200) throw new Error(`session creation failed: ${res.status} ${await res.text()}`);
      const { id, trackingToken } = (await res.json()) as { id: string; trackingToken: string };
      if ((await choose(id)).status !== 303) throw new Error('pay failed');
      const tx = (await (await track(id, trackingToken)).json()) as { transaction: { id: string } };
      return { id, token: trackingToken, txId: tx.transaction.id };
    },
    close,
  };
}

/** The files of a hosted build folder, its embed beside it (../embed) as in the package. */
function staticFiles(hostedDir: string): PackageFiles {
  return {
    hostedDir: hostedDir.endsWith(sep) ? hostedDir : `${hostedDir}${sep}`,
    embedFile: join(hostedDir, '..', 'embed', 'ramp-checkout.js'),
  };
}

/** `upstream`, recording each call (its path below `base`) in `calls`. */
function recording(upstream: typeof fetch, calls: Recorded[], base: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : undefined;
    calls.push({
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      url,
      path: url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname,
      headers: new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)),
      body: text ? parseJson(text) : undefined,
    });
    return upstream(input, init);
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
