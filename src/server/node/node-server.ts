// The Node HTTP server around the app, with timeouts for a JSON API: requests are a few KB, so a
// client that takes seconds to send its headers or body is stalling, not slow. Node's defaults
// (300 s for a request, checked every 30 s) would let a few hundred such clients hold the server.
// Any Node adapter of the app (main.ts, the package's node handler) uses these settings.
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';

export const NODE_SERVER_TIMEOUTS = {
  /** All request headers must arrive within this. */
  headersTimeout: 10_000,
  /** The whole request, body included, must arrive within this (bodies are at most 8 KB). */
  requestTimeout: 15_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: 5_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would make them 40 s). */
  checkIntervalMs: 1_000,
};

export type NodeServerTimeouts = typeof NODE_SERVER_TIMEOUTS;

/** Applies the timeouts to a Node server that was created with `serverOptions(…)`. */
export function applyTimeouts(server: Server, t: NodeServerTimeouts = NODE_SERVER_TIMEOUTS): void {
  server.headersTimeout = t.headersTimeout;
  server.requestTimeout = t.requestTimeout;
  server.keepAliveTimeout = t.keepAliveTimeout;
}

/** Options for `http.createServer` carrying the timeouts (the check interval can only be set here). */
export const serverOptions = (t: NodeServerTimeouts = NODE_SERVER_TIMEOUTS) => ({
  headersTimeout: t.headersTimeout,
  requestTimeout: t.requestTimeout,
  keepAliveTimeout: t.keepAliveTimeout,
  connectionsCheckingInterval: t.checkIntervalMs,
});

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/** A Node server for `fetch` (the app's), with NODE_SERVER_TIMEOUTS (tests may shorten them). */
export function createNodeServer(fetch: FetchHandler, overrides: Partial<NodeServerTimeouts> = {}): Server {
  const t = { ...NODE_SERVER_TIMEOUTS, ...overrides };
  const server = createAdaptorServer({ fetch, serverOptions: serverOptions(t) }) as Server;
  applyTimeouts(server, t);
  return server;
}
