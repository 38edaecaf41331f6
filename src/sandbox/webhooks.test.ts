// The sandbox's webhooks, as the service sends them: profiles, signatures, the first event without
// session ids, ERROR as TRANSACTION_CRYPTO_FAILED, retries of anything but a 200.
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { buySession, createTestSandbox } from './test-kit';

interface Sent {
  url: string;
  headers: Headers;
  body: string;
  json: { eventId: string; eventType: string; profileId: string; payload: Record<string, unknown> };
}

function setup(answers: number[] = []) {
  const sent: Sent[] = [];
  const webhookFetch: typeof fetch = async (input, init) => {
    const body = String(init!.body);
    sent.push({
      url: String(input),
      headers: new Headers(init!.headers),
      body,
      json: JSON.parse(body) as Sent['json'],
    });
    return new Response(null, { status: answers.shift() ?? 200 });
  };
  // timeScale 0.001: the first retry comes 60 ms after a refusal.
  const t = createTestSandbox({ webhookFetch, timeScale: 0.001 });
  return { t, sent };
}

const URL_ = 'https://shop.example/api/ramp/webhooks/upstream';
const register = (t: ReturnType<typeof setup>['t'], body: unknown = {}) =>
  t.postJson<{ id: string; secret: string; status: string }>('/notifications/webhooks', {
    name: 'shop',
    url: URL_,
    eventTypes: [
      'TRANSACTION_CRYPTO_PENDING',
      'TRANSACTION_CRYPTO_TRANSFERRING',
      'TRANSACTION_CRYPTO_COMPLETE',
      'TRANSACTION_CRYPTO_FAILED',
      'WEBHOOK_TEST',
    ],
    eventVersion: '2026-02-03',
    ...(body as object),
  });

const verify = (s: Sent, secret: string) => {
  const ts = s.headers.get('meld-signature-timestamp')!;
  const mac = createHmac('sha256', secret).update(`${ts}.${s.url}.${s.body}`).digest('base64url');
  return s.headers.get('meld-signature') === `${mac}=`;
};

async function pay(t: ReturnType<typeof setup>['t']): Promise<string> {
  const { body: s } = await t.postJson<{ id: string; widgetUrl: string }>(
    '/crypto/session/widget',
    buySession({}, { externalSessionId: `ext-${Math.random()}` }),
  );
  await t.sandbox.fetch(s.widgetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'pay' }),
    redirect: 'manual',
  });
  return s.id;
}

describe('sandbox webhooks', () => {
  it('registers profiles, shows the secret once and sends a signed test event', async () => {
    const { t, sent } = setup();
    expect((await register(t, { url: 'ftp://x' })).status).toBe(400);
    expect((await register(t, { eventTypes: ['NOPE'] })).status).toBe(400);
    const { status, body: profile } = await register(t);
    expect(status).toBe(200);
    expect(profile).toMatchObject({ status: 'ACTIVE', secret: expect.stringMatching(/^\w{40}$/) });
    const list = await t.getJson<{ webhooks: Record<string, unknown>[] }>('/notifications/webhooks');
    expect(list.body.webhooks).toEqual([expect.objectContaining({ id: profile.id, url: URL_ })]);
    expect(list.body.webhooks[0]).not.toHaveProperty('secret');
    const types = await t.getJson<{ eventTypes: { eventType: string }[] }>(
      '/notifications/webhooks/event-types',
    );
    expect(types.body.eventTypes.map((e) => e.eventType)).toContain('TRANSACTION_CRYPTO_COMPLETE');

    const test = await t.postJson<{ delivered: boolean }>(`/notifications/webhooks/${profile.id}/test`, {});
    expect(test.body.delivered).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.json).toMatchObject({ eventType: 'WEBHOOK_TEST', profileId: profile.id });
    expect(verify(sent[0]!, profile.secret)).toBe(true);
    expect(verify(sent[0]!, 'another-secret')).toBe(false);
    // Signed at the sandbox's own time, as its events are dated (a receiver on the same clock accepts it).
    expect(sent[0]!.headers.get('meld-signature-timestamp')).toBe(new Date(t.now()).toISOString());
  });

  it('walks ERROR to SETTLED, sending ERROR as FAILED and the first event without session ids', async () => {
    const { t, sent } = setup();
    const { body: profile } = await register(t);
    t.sandbox.scenarios.set({ walks: { BANXA: 'partnerError' } });
    const id = await pay(t);
    for (let i = 0; i < 8; i++) {
      t.advance(1);
      t.sandbox.webhooks.tick();
    }
    await vi.waitFor(() => expect(sent).toHaveLength(4), { timeout: 2_000, interval: 10 });
    // Signing is asynchronous: compare in status order.
    const order = ['PENDING', 'ERROR', 'SETTLING', 'SETTLED'];
    const events = sent
      .map((s) => s.json)
      .sort(
        (a, b) =>
          order.indexOf(a.payload.paymentTransactionStatus as string) -
          order.indexOf(b.payload.paymentTransactionStatus as string),
      );
    expect(events.map((e) => [e.eventType, e.payload.paymentTransactionStatus])).toEqual([
      ['TRANSACTION_CRYPTO_PENDING', 'PENDING'],
      ['TRANSACTION_CRYPTO_FAILED', 'ERROR'],
      ['TRANSACTION_CRYPTO_TRANSFERRING', 'SETTLING'],
      ['TRANSACTION_CRYPTO_COMPLETE', 'SETTLED'],
    ]);
    expect(events[0]!.payload).not.toHaveProperty('sessionId');
    expect(events[0]!.payload).not.toHaveProperty('externalSessionId');
    expect(events.slice(1).every((e) => e.payload.sessionId === id && !!e.payload.externalSessionId)).toBe(
      true,
    );
    expect(new Set(events.map((e) => e.payload.paymentTransactionId)).size).toBe(1);
    expect(sent.every((s) => verify(s, profile.secret))).toBe(true);
    // The transaction read agrees with the last event.
    const tx = await t.getJson<{ transaction: { status: string } }>(`/payments/transactions/sessions/${id}`);
    expect(tx.body.transaction.status).toBe('SETTLED');
  });

  it('retries anything but a 200 with the same event, and sends duplicates when asked', async () => {
    const { t, sent } = setup([500]);
    await register(t);
    t.sandbox.scenarios.set({ walks: { BANXA: 'refund' }, webhooks: { duplicates: true } });
    await pay(t);
    await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(3), { timeout: 2_000, interval: 10 });
    const first = sent.filter((s) => s.json.eventId === sent[0]!.json.eventId);
    expect(first.length).toBeGreaterThanOrEqual(3); // refused, retried, and its duplicate
    const retry = first.find((s) => s.headers.get('meld-retry-count') === '1');
    expect(retry?.headers.get('meld-retry-reason')).toBe('HTTP_500');
    expect(new Set(first.map((s) => s.body)).size).toBe(1);
    t.sandbox.webhooks.stop();
  });

  it('sends nothing to a disabled profile', async () => {
    const { t, sent } = setup();
    const { body: profile } = await register(t);
    const patch = await t.sandbox.fetch(`http://upstream.test/notifications/webhooks/${profile.id}`, {
      method: 'PATCH',
      headers: { Authorization: 'BASIC sk_test_sandbox_key', 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'DISABLED' }),
    });
    expect(patch.status).toBe(200);
    await pay(t);
    t.advance(10);
    t.sandbox.webhooks.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(0);
  });
});
