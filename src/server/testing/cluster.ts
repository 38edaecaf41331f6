// Test and bench support for several instances: the built host server (process.ts) as child
// processes, a small round-robin balancer in front of them on loopback (appending X-Forwarded-For as
// a reverse proxy does, for RAMP_TRUST_PROXY=1), and the standalone sandbox as their one upstream,
// counting the calls it gets.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createStandaloneSandbox } from '../../sandbox/standalone';
import type { FaultInjector } from '../../sandbox';
import { startServer } from './process';
import type { ServerProcess } from './process';

/** An instance: the built server, ready, and where it listens. */
export interface Instance extends ServerProcess {
  origin: string;
}

/** Starts the built server (process.ts) and resolves once it is ready (its ledger open, migrated). */
export async function startInstance(
  env: Record<string, string>,
  o: { group?: boolean } = {},
): Promise<Instance> {
  const server = startServer(env, o);
  return { ...server, origin: await server.ready };
}

export interface Balancer {
  origin: string;
  /** Which backend answered each request, in order. */
  picks: string[];
  close(): Promise<void>;
}

/**
 * Round robin over `backends()` (read per request, so instances may come and go). A backend that
 * refuses the connection is skipped for the next one, as a load balancer's health check would.
 */
export async function startBalancer(backends: () => string[]): Promise<Balancer> {
  let turn = 0;
  const picks: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const list = backends();
      const start = turn++;
      const attempt = (i: number) => {
        if (i >= list.length) {
          res.writeHead(502, { 'content-type': 'application/json' }).end('{"code":"NO_BACKEND"}');
          return;
        }
        const target = new URL(list[(start + i) % list.length]!);
        const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
        const peer = req.socket.remoteAddress ?? '';
        headers['x-forwarded-for'] = req.headers['x-forwarded-for']
          ? `${String(req.headers['x-forwarded-for'])}, ${peer}`
          : peer;
        headers['x-forwarded-proto'] = 'http';
        const up = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
          (r) => {
            picks.push(target.origin);
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', (e: NodeJS.ErrnoException) => {
          if (!res.headersSent && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')) attempt(i + 1);
          else res.destroy();
        });
        up.end(body);
      };
      attempt(0);
    });
  });
  const port = await new Promise<number>((ok) =>
    server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    picks,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

export interface CountingUpstream {
  origin: string;
  apiKey: string;
  /** `METHOD /path` of every call the instances made. */
  calls: string[];
  /** The JSON bodies of the sessions created, in order. */
  sessions: { sessionData: Record<string, unknown> }[];
  /** The sessions the upstream made (answered 200, whether or not the caller was still there). */
  created: { id: string; externalSessionId: string; at: number }[];
  /** The sandbox's fault injection. */
  faults: FaultInjector;
  count(method: string, path: string | RegExp): number;
  close(): Promise<void>;
}

/** The standalone sandbox on loopback, counting calls: the one upstream all instances share. */
export async function startUpstream(o: { timeScale?: number } = {}): Promise<CountingUpstream> {
  const apiKey = 'sk_scale_test_key_0123456789';
  // The sandbox needs its own origin, known once listening.
  const sandbox: { current?: ReturnType<typeof createStandaloneSandbox> } = {};
  const calls: string[] = [];
  const sessions: CountingUpstream['sessions'] = [];
  const created: CountingUpstream['created'] = [];
  const server = createAdaptorServer({
    fetch: async (req: Request, env: unknown) => {
      const url = new URL(req.url);
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      if (!(req.method === 'POST' && url.pathname.endsWith('/session/widget'))) {
        return sandbox.current!.fetch(req, env);
      }
      const body = (await req.clone().json()) as CountingUpstream['sessions'][number] & {
        externalSessionId: string;
      };
      sessions.push(body);
      const res = await sandbox.current!.fetch(req, env);
      if (res.status === 200) {
        // Read from a copy, by its first field: a malformed-body fault's cut answer made a session too.
        const id = /^\{"id":"([^"]+)"/.exec(await res.clone().text())?.[1];
        if (id) created.push({ id, externalSessionId: body.externalSessionId, at: Date.now() });
      }
      return res;
    },
  });
  const port = await new Promise<number>((ok) =>
    server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)),
  );
  const origin = `http://127.0.0.1:${port}`;
  sandbox.current = createStandaloneSandbox({
    apiKey,
    publicBaseUrl: origin,
    timeScale: o.timeScale ?? 0.05,
    control: true,
  });
  return {
    origin,
    apiKey,
    calls,
    sessions,
    created,
    faults: sandbox.current.sandbox.faults,
    count: (method, path) =>
      calls.filter((c) => {
        // A string names a path (any query); a pattern is matched against the path and query.
        const [m, p] = c.split(' ') as [string, string];
        return m === method && (typeof path === 'string' ? p.split('?')[0] === path : path.test(p));
      }).length,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        (server as Server).closeAllConnections?.();
      }),
  };
}

export interface ReceivedWebhook {
  id: string;
  type: string;
  status: string;
  /** Answered 2xx (the sender saw it delivered); false: the connection closed before an answer. */
  acknowledged: boolean;
}

export interface WebhookReceiver {
  url: string;
  /** Every request that arrived, in arrival order, acknowledged or not: the raw delivery log. */
  log: ReceivedWebhook[];
  /**
   * Leaves the next request whose event has `status` unanswered until its sender goes away;
   * resolves once it has arrived.
   */
  holdNext(status: string): Promise<void>;
  close(): Promise<void>;
}

/** A merchant's webhook endpoint on loopback that records every request it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const log: ReceivedWebhook[] = [];
  let hold: { status: string; arrived: () => void } | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString()) as {
        id: string;
        type: string;
        data: { status: string };
      };
      const entry: ReceivedWebhook = {
        id: event.id,
        type: event.type,
        status: event.data.status,
        acknowledged: false,
      };
      log.push(entry);
      if (hold && hold.status === entry.status) {
        const { arrived } = hold;
        hold = null;
        arrived();
        return; // never answered: the sender's connection closes when it dies
      }
      res.on('finish', () => (entry.acknowledged = true));
      res.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((ok) =>
    server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}/webhooks/ramp`,
    log,
    holdNext: (status) => new Promise<void>((arrived) => (hold = { status, arrived })),
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
