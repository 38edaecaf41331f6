// Node's http (and Express, Fastify through its raw request) in front of createRampServer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { repeatedHeaders } from '../http/client-address';
import type { RampServer } from '../server';

/** The parts of Node's IncomingMessage the handler reads (declared here so types need no @types/node). */
export interface NodeRequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
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

export type NodeHandler = (req: NodeRequestLike, res: NodeResponseLike) => Promise<void>;

/**
 * A `(req, res)` handler for `http.createServer`, Express (`app.use(nodeHandler(server))`) and
 * similar. The client's address is the socket's peer (behind RAMP_TRUST_PROXY=1, the forwarded one).
 */
export function nodeHandler(server: Pick<RampServer, 'fetch'>): NodeHandler {
  const listener = getRequestListener((request, { incoming }) => {
    const repeated = repeatedHeaders(incoming.rawHeaders);
    return server.fetch(request, {
      ip: incoming.socket.remoteAddress,
      target: incoming.url,
      ...(repeated.length > 0 ? { repeated } : {}),
    });
  });
  return (req, res) => listener(req as IncomingMessage, res as unknown as ServerResponse);
}
