// Test support: a plain round-robin balancer on loopback, as an operator's nginx or a cloud load
// balancer without retries behaves: it sends each request to one backend in rotation, over kept-alive
// connections, and never retries one that failed (that answer is the client's 502). A backend is in
// rotation while its /readyz answers 200, checked every `checkMs`: the only way an instance leaves
// it before it goes away is by saying so.
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CheckedBalancer {
  origin: string;
  add(backend: string): void;
  remove(backend: string): void;
  /** The backends in rotation now. */
  inRotation(): string[];
  /** Resolves once `backend` is in rotation. */
  whenIn(backend: string): Promise<void>;
  /** Requests that failed at the balancer (a backend refused or cut them): each a client's 502. */
  failures: string[];
  close(): Promise<void>;
}

export async function startCheckedBalancer(o: { checkMs: number }): Promise<CheckedBalancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const backends = new Map<string, boolean>();
  const failures: string[] = [];
  let turn = 0;
  const rotation = () => [...backends].filter(([, ready]) => ready).map(([b]) => b);

  const check = async () => {
    await Promise.all(
      [...backends.keys()].map(async (b) => {
        // A slow answer (2 shared cores under load) is not a failure; a refusal or a 503 is.
        const ready = await fetch(`${b}/readyz`, { signal: AbortSignal.timeout(2_000) })
          .then(async (r) => (await r.arrayBuffer(), r.status === 200))
          .catch(() => false);
        if (backends.has(b)) backends.set(b, ready);
      }),
    );
  };
  let stopped = false;
  const checking = (async () => {
    while (!stopped) {
      await check();
      await new Promise((r) => setTimeout(r, o.checkMs));
    }
  })();

  const server: Server = createServer((req, res) => {
    const list = rotation();
    if (list.length === 0) {
      failures.push('no backend in rotation');
      res.writeHead(502).end();
      return;
    }
    const target = new URL(list[turn++ % list.length]!);
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    const up = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', (e: NodeJS.ErrnoException) => {
      failures.push(`${target.origin}: ${e.code ?? e.message}`);
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(up);
  });
  const port = await new Promise<number>((ok) =>
    server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    add: (b) => void backends.set(b, false),
    remove: (b) => void backends.delete(b),
    inRotation: rotation,
    whenIn: async (b) => {
      while (!backends.get(b)) await new Promise((r) => setTimeout(r, o.checkMs / 2));
    },
    failures,
    close: async () => {
      stopped = true;
      await checking;
      agent.destroy();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
    },
  };
}
