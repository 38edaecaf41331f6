// The Node HTTP server around the handler, with timeouts for a JSON API: requests are a few KB, so
// a client that takes seconds to send its headers or body is stalling, not slow. Node's defaults
// (300 s for a request, checked every 30 s) would let a few hundred such clients hold the server.
// listen.ts (`npm start`, the CLI) serves through it.
import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';

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

/** A Node server for `listener` with the timeouts (tests may shorten them). */
export function nodeServer(listener: RequestListener, overrides: Partial<NodeServerTimeouts> = {}): Server {
  const t = { ...NODE_SERVER_TIMEOUTS, ...overrides };
  const server = createServer(
    {
      headersTimeout: t.headersTimeout,
      requestTimeout: t.requestTimeout,
      keepAliveTimeout: t.keepAliveTimeout,
      // Node refuses an HTTP/1.1 request without a Host header with a bare 400 the server never
      // sees (nor logs). The server needs no Host (its origin is RAMP_PUBLIC_URL): nodeHandler reads
      // such a request as one for that origin, so a health check answers however it is sent.
      requireHostHeader: false,
      // The check interval can only be set here.
      connectionsCheckingInterval: t.checkIntervalMs,
    },
    listener,
  );
  server.headersTimeout = t.headersTimeout;
  server.requestTimeout = t.requestTimeout;
  server.keepAliveTimeout = t.keepAliveTimeout;
  return server;
}
