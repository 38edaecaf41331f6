// A session creation that outlasts the browser's deadline is not lost: the upstream call goes on,
// its result is recorded under the Idempotency-Key, a retry meanwhile hears "pending, retry after",
// and a retry after the upstream answered gets that same session: one upstream session, no orphan.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUY_SESSION } from '../testing/upstream';
import { openEmbeddedLedger } from '../storage/ledger';
import { testServer } from '../testing/server';

const BODY = BUY_SESSION;
const KEY = 'slow-session-key-0001';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * An upstream whose session creation takes 12 s; the server ready, its ledger open, before the test
 * moves the clock.
 */
async function slowApp() {
  const t = testServer({ upstream: 'fake', ledger: await openEmbeddedLedger(null) });
  await t.server.ready();
  let created = 0;
  t.upstream.on('/crypto/session/widget', async (r) => {
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    created++;
    const ext = (r.body as { externalSessionId: string }).externalSessionId;
    return {
      status: 200,
      body: { id: `sess-slow-${created}`, widgetUrl: 'https://partner.example/w/1', externalSessionId: ext },
    };
  });
  const create = () => t.session(BODY, { 'Idempotency-Key': KEY });
  return { t, create, created: () => created };
}

describe('a session creation slower than the browser deadline', () => {
  it('answers pending within the deadline, then the same session to a retry; one upstream creation', async () => {
    const { t, create, created } = await slowApp();
    const first = create();
    await vi.advanceTimersByTimeAsync(10_000);
    const pending = await first;
    expect(pending.status).toBe(503);
    expect(Number(pending.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await pending.json()).toMatchObject({ code: 'SESSION_PENDING', requestId: expect.any(String) });

    // Still pending a second later: a retry says so again, without a second upstream call.
    await vi.advanceTimersByTimeAsync(1_000);
    const again = create();
    await vi.advanceTimersByTimeAsync(0);
    // This retry waits within its own deadline, and the upstream answers at 12 s.
    await vi.advanceTimersByTimeAsync(1_500);
    const second = await again;
    expect(second.status).toBe(200);
    const session = (await second.json()) as { id: string; trackingToken: string };
    expect(session.id).toBe('sess-slow-1');

    const third = await create();
    expect(third.status).toBe(200);
    const replay = (await third.json()) as { id: string; trackingToken: string };
    expect(replay.id).toBe('sess-slow-1');

    // The tracking token is valid: it reads the session's transaction.
    const tx = await t.request(`/api/ramp/payments/transactions/sessions/${replay.id}`, {
      headers: { 'X-Ramp-Tracking': replay.trackingToken },
    });
    expect(tx.status).toBe(200);
    expect(created()).toBe(1);
    expect(t.upstream.calls.filter((c) => c.path === '/crypto/session/widget')).toHaveLength(1);
  });

  it('a retry only after the upstream answered gets 200 at once', async () => {
    const { create, created } = await slowApp();
    const first = create();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await first).status).toBe(503);
    await vi.advanceTimersByTimeAsync(5_000);
    const res = await create();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'sess-slow-1', trackingToken: expect.any(String) });
    expect(created()).toBe(1);
  });

  // Refused (a 4xx: no session exists). A failure that leaves it unknown (a 5xx, no answer) is the
  // server's to settle first (hardening/faults.test.ts).
  it('a refused creation is forgotten: a retry with the same key may try again', async () => {
    const t = testServer({ upstream: 'fake' });
    let n = 0;
    t.upstream.on('/crypto/session/widget', (r) =>
      ++n === 1
        ? { status: 400, body: { code: 'INVALID_REQUEST', message: 'boom' } }
        : {
            status: 200,
            body: {
              id: 'sess-ok',
              widgetUrl: 'https://partner.example/w/1',
              externalSessionId: (r.body as { externalSessionId: string }).externalSessionId,
            },
          },
    );
    const create = () => t.session(BODY, { 'Idempotency-Key': KEY });
    expect((await create()).status).toBe(400);
    expect((await create()).status).toBe(200);
  });
});
