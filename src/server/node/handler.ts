// Node's http (and Express, Fastify through its raw request) in front of createRampServer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { repeatedHeaders } from '../http/client-address';
import { isUnowned } from '../http/context';
import { unreadableAnswer } from '../http/unreadable';
import { mountRedirect } from '../server';
import type { RampServer } from '../server';

/** The parts of Node's IncomingMessage the handler reads (declared here so types need no @types/node). */
export interface NodeRequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Express/Connect: the path the handler is mounted at (`app.use('/ramp', …)` strips it from `url`). */
  baseUrl?: string;
  /** Express/Connect: the URL before the mount path was stripped. */
  originalUrl?: string;
  /** The headers as received, name and value in turn (repeats kept). */
  rawHeaders: string[];
  /** The connection: its peer is the client's address. */
  socket: { remoteAddress?: string };
}

/** The parts of Node's ServerResponse the handler writes. */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  end(...args: never[]): unknown;
}

/** Express/Connect's `next`: called for paths the server does not serve. */
export type NodeNext = (error?: unknown) => void;

export type NodeHandler = (req: NodeRequestLike, res: NodeResponseLike, next?: NodeNext) => Promise<void>;

/** Thrown inside the listener to leave the response unwritten: the next handler answers. */
const PASS = Symbol('pass to the next handler');

/**
 * A `(req, res, next)` handler for `http.createServer`, Express and Connect-style middleware:
 * `app.use(nodeHandler(server))` or `app.use('/ramp', nodeHandler(server))`. Paths the server does
 * not serve go to `next()` when there is one (a 404 otherwise), so the app's own routes still answer.
 */
export function nodeHandler(
  server: Pick<RampServer, 'fetch'> & Partial<Pick<RampServer, 'config'>>,
): NodeHandler {
  /** Requests that came with a `next`; those the server passed on; those the server got at all. */
  const withNext = new WeakSet<object>();
  const passed = new WeakSet<object>();
  const reached = new WeakSet<object>();
  const listener = getRequestListener(
    async (request, env) => {
      const incoming = env.incoming;
      reached.add(incoming);
      const repeated = repeatedHeaders(incoming.rawHeaders);
      // The client's address is the socket's peer (behind RAMP_TRUST_PROXY=1, the forwarded one).
      const res = await server.fetch(request, {
        ip: incoming.socket.remoteAddress,
        target: incoming.url,
        ...(repeated.length > 0 ? { repeated } : {}),
      });
      if (withNext.has(env.incoming) && isUnowned(res)) {
        passed.add(env.incoming);
        await res.body?.cancel();
        throw PASS;
      }
      return res;
    },
    {
      // A request without a Host header (HTTP/1.0, as a balancer's health check sends it) is read as
      // one for the server's own origin. The Host is only ever part of the URL the app routes by
      // path: the server's origin is RAMP_PUBLIC_URL, never a request's.
      hostname: server.config ? new URL(server.config.publicUrl).host : 'localhost',
      errorHandler: (e) => {
        // Passed on; or the adapter's refusal of a request it cannot make a URL of (a backslash in
        // the path, a Host header that is no host), answered below by the server.
        if (e === PASS || (e instanceof Error && e.name === 'RequestError')) return;
        console.error('ramp-checkout: unhandled error', e);
        return new Response(null, { status: 500 });
      },
    },
  );
  return async (req, res, next) => {
    const mount = req.baseUrl;
    if (mount && req.originalUrl !== undefined) {
      // Mounted at /ramp, the request for /ramp itself: its pages link their files relative to /ramp/.
      const [path, query] = splitUrl(req.originalUrl);
      if (path === mount) {
        const redirect = mountRedirect(`${mount}/${query}`);
        res.statusCode = redirect.status;
        redirect.headers.forEach((value, name) => res.setHeader(name, value));
        return void res.end();
      }
    }
    if (next) withNext.add(req);
    await listener(req as IncomingMessage, res as unknown as ServerResponse);
    if (!reached.has(req)) {
      const answer = unreadableAnswer(server, {
        method: req.method,
        target: req.url,
        ip: req.socket.remoteAddress,
      });
      res.statusCode = answer.status;
      answer.headers.forEach((value, name) => res.setHeader(name, value));
      return void (res as unknown as ServerResponse).end(await answer.text());
    }
    if (next && passed.has(req)) next();
  };
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
