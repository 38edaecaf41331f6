// A JSON API reads small requests: a client that trickles its headers or body is cut off in
// seconds (Node's defaults hold a slow body for 300 s).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_SERVER_TIMEOUTS } from '../node/node-server';
import { listeningTestServer } from '../testing/server';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

/** Opens a raw connection, writes `head`, then nothing more; resolves with what the server said. */
function stall(port: number, head: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let got = '';
    socket.on('data', (d) => (got += d.toString()));
    socket.on('close', () => resolve(got));
    socket.on('error', () => resolve(got));
  });
}

/** The server as `npm start` runs it (listen.ts), with `timeouts` in place of its own. */
async function listen(timeouts?: Partial<typeof NODE_SERVER_TIMEOUTS>) {
  const s = await listeningTestServer({ upstream: 'fake', timeouts });
  close = s.close;
  return { server: s.serving.server, port: Number(s.port) };
}

describe('the Node server of npm start', () => {
  it('has header and request timeouts suited to a JSON API by default', async () => {
    const { server } = await listen();
    expect(NODE_SERVER_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(15_000);
    expect(NODE_SERVER_TIMEOUTS.requestTimeout).toBeLessThanOrEqual(30_000);
    expect(server.headersTimeout).toBe(NODE_SERVER_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(NODE_SERVER_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(NODE_SERVER_TIMEOUTS.keepAliveTimeout);
  });

  it('answers 408 and closes a connection whose body never arrives', async () => {
    const { port } = await listen({ headersTimeout: 200, requestTimeout: 300, checkIntervalMs: 50 });
    const said = await stall(
      port,
      'POST /api/ramp/payments/crypto/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    expect(said).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end', async () => {
    const { port } = await listen({ headersTimeout: 200, requestTimeout: 300, checkIntervalMs: 50 });
    const said = await stall(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(said).toMatch(/^HTTP\/1\.1 408/);
  });
});
