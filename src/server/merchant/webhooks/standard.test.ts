// Standard Webhooks beside Ramp-Signature: a delivery from createRampServer verifies with the
// official `standardwebhooks` library under a `whsec_` secret and with verifyWebhook under either
// scheme; while a rotation lasts, the previous secret verifies the same delivery too.
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect, it, vi } from 'vitest';
import { createRampServer, verifyWebhook } from '../../index';
import { testServer } from '../../testing/server';
import { quotedSession } from '../../testing/upstream';

// 32 random bytes, base64, as the spec's `whsec_` secrets are written.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8SFdYIH2xVY=';
const PREVIOUS = 'old-secret-0123456789abcdef-0123456789';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

async function oneDelivery(options: { webhookSecret?: string; webhookSecretPrevious?: string } = {}) {
  const received: { raw: string; headers: Record<string, string> }[] = [];
  const webhookFetch: typeof fetch = async (_url, init) => {
    received.push({ raw: String(init!.body), headers: Object.fromEntries(new Headers(init!.headers)) });
    return new Response(null, { status: 204 });
  };
  // The webhook sender is a background job: it runs here.
  const t = testServer({
    options: { role: 'all', webhookUrl: 'https://shop.example/hooks', webhookSecret: SECRET, ...options },
    webhookFetch,
    clock: 'system',
  });
  const call = (path: string, init: RequestInit = {}) =>
    t.request(`http://127.0.0.1${path}`, init, '192.0.2.7');
  const session = await quotedSession(
    call,
    {
      sessionType: 'BUY',
      sessionData: {
        serviceProvider: 'BANXA',
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: '100',
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        walletAddress: WALLET,
      },
    },
    { 'Idempotency-Key': 'standard-webhooks-0001' },
  );
  expect(session.status).toBe(200);
  await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
  return received[0]!;
}

/** The sandbox's deliveries (`livemode: false`), verified as a development endpoint does. */
const verify = (...[raw, signature, secret, options]: Parameters<typeof verifyWebhook>) =>
  verifyWebhook(raw, signature, secret, { allowTestEvents: true, ...options });

const without = (headers: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));

it('a delivery verifies with the standardwebhooks library under a whsec_ secret, and with verifyWebhook', async () => {
  const { raw, headers } = await oneDelivery();
  const event = JSON.parse(raw) as { id: string; type: string };
  expect(event.type).toBe('checkout.session_created');
  expect(headers['webhook-id']).toBe(event.id);
  expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

  expect(new Webhook(SECRET).verify(raw, headers)).toEqual(event);
  expect(() => new Webhook(SECRET).verify(raw.replace('BANXA', 'BANXB'), headers)).toThrow(/signature/i);
  expect(() => new Webhook(SECRET).verify(raw, without(headers, 'webhook-id'))).toThrow(/headers/i);

  // Ramp-Signature as before: the secret as written is its key.
  expect(verify(raw, headers['ramp-signature'], SECRET).id).toBe(event.id);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['ramp-signature']!)!;
  expect(createHmac('sha256', SECRET).update(`${t}.${raw}`).digest('hex')).toBe(v1);
  // The request's headers: Ramp-Signature when present, else the Standard Webhooks ones.
  expect(verify(raw, headers, SECRET).id).toBe(event.id);
  const standardOnly = without(headers, 'ramp-signature');
  expect(verify(raw, new Headers(standardOnly), SECRET).id).toBe(event.id);
  expect(() => verify(raw, standardOnly, 'whsec_' + 'A'.repeat(44))).toThrow(/does not match/);
  expect(() => verify(raw, { ...standardOnly, 'webhook-id': 'evt_other' }, SECRET)).toThrow(/does not match/);
  expect(() => verify(raw, without(standardOnly, 'webhook-timestamp'), SECRET)).toThrow(/webhook-timestamp/);
  const late = (Number(headers['webhook-timestamp']) + 301) * 1000;
  expect(() => verify(raw, standardOnly, SECRET, { now: late })).toThrow(/301 s old/);
});

it('during a rotation both secrets sign every delivery, in both schemes', async () => {
  const { raw, headers } = await oneDelivery({ webhookSecretPrevious: PREVIOUS });
  const id = (JSON.parse(raw) as { id: string }).id;
  expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
  expect(headers['ramp-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
  for (const secret of [SECRET, PREVIOUS]) {
    expect(verify(raw, headers['ramp-signature'], secret).id).toBe(id);
    expect(verify(raw, without(headers, 'ramp-signature'), secret).id).toBe(id);
  }
  expect(new Webhook(SECRET).verify(raw, headers)).toMatchObject({ id });
  // A secret without the prefix is the libraries' "raw" secret: its own bytes are the key.
  expect(new Webhook(PREVIOUS, { format: 'raw' }).verify(raw, headers)).toMatchObject({ id });
});

it('keys a whsec_ secret that is not base64 by its own bytes (as written before), and refuses a previous secret alone', async () => {
  const written = 'whsec_shop_0123456789abcdef0123456789';
  const { raw, headers } = await oneDelivery({ webhookSecret: written });
  expect(new Webhook(written, { format: 'raw' }).verify(raw, headers)).toMatchObject({
    type: 'checkout.session_created',
  });
  expect(verify(raw, without(headers, 'ramp-signature'), written).type).toBe('checkout.session_created');
  expect(verify(raw, headers['ramp-signature'], written).type).toBe('checkout.session_created');
  expect(() => createRampServer({ webhookSecretPrevious: PREVIOUS }, { static: null, log: quiet })).toThrow(
    /webhookSecretPrevious/,
  );
});
