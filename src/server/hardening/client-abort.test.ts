// A browser that goes away in the middle of sending its body did nothing wrong to the server, and
// the server did nothing wrong either: the request is recorded as a client abort, not as a 5xx of
// the proxy's making with a stack trace in the error log.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningTestServer } from '../testing/server';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

const logged = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('a client that disconnects mid-body', () => {
  it.each(['/api/ramp/payments/crypto/quote', '/api/ramp/crypto/session/widget'])(
    'is logged as a client abort on %s: no 5xx, no error line',
    async (path) => {
      const t = await listeningTestServer({ upstream: 'fake' });
      close = t.close;
      const port = Number(t.port);
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
              `Idempotency-Key: client-abort-key-1\r\nContent-Length: 400\r\n\r\n{"countryCode":"US",`,
          );
          setTimeout(() => (socket.destroy(), resolve()), 50);
        });
      });
      await until(() => logged(t.lines).some((l) => l.msg === 'request'));
      const lines = logged(t.lines);
      const request = lines.find((l) => l.msg === 'request');
      expect(request).toMatchObject({ path, clientAborted: true });
      expect(request!.status as number).toBeLessThan(500);
      expect(lines.filter((l) => l.level === 'error')).toEqual([]);
      expect(t.upstream.calls).toHaveLength(0);
    },
  );
});
