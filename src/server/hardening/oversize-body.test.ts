// A body far over the limit is refused with 413, and every client reads that answer: the server
// says `Connection: close` and reads what the client still sends before it closes, so the client is
// never cut off mid-send (which it would report as "other side closed" instead of the answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_PATH } from '../testing/session';
import { send } from '../testing/client';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';

let t: ListeningTestServer<'fake'>;
beforeAll(async () => {
  t = await listeningTestServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '999/999' } });
});
afterAll(() => t.close());

const big = { countryCode: 'US', padding: 'x'.repeat(400 * 1024) };

describe('a 400 KB body', () => {
  it('is answered 413 with Connection: close, readable by 10 clients of 10 at once', async () => {
    // fetch keeps its connections alive, as browsers do.
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, async () => {
        const res = await fetch(`${t.origin}${QUOTE_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(big),
        });
        return { status: res.status, connection: res.headers.get('connection'), body: await res.json() };
      }),
    );
    const seen = answers.map((a) =>
      a.status === 'fulfilled'
        ? `${a.value.status} ${a.value.connection} ${(a.value.body as { code: string }).code}`
        : String((a.reason as Error).cause ?? a.reason),
    );
    expect(seen).toEqual(Array.from({ length: 10 }, () => '413 close PAYLOAD_TOO_LARGE'));
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('sent chunked (no declared length) is answered 413 too, 10 of 10', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        send(t.origin, QUOTE_PATH, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
            connection: 'keep-alive',
          },
          body: JSON.stringify(big),
        }),
      ),
    );
    const seen = answers.map((a) =>
      a.status === 'fulfilled' ? `${a.value.status} ${a.value.headers.connection}` : String(a.reason),
    );
    expect(seen).toEqual(Array.from({ length: 10 }, () => '413 close'));
  });
});
