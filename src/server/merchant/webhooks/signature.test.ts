// verifyWebhook's edges a merchant's handler relies on: a replay window that is a real number, a
// byte body read as strict UTF-8, and events that are not live refused unless asked for;
// generateTestWebhookHeader signs as the server does.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateTestWebhookHeader, verifyWebhook, WebhookVerificationError } from '../../index';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const body = JSON.stringify({ id: 'evt_1', type: 'transaction.completed', createdAt: '', data: {} });
const now = 1_800_000_000_000;
const t = now / 1000;
const sign = (at: number, b: string | Uint8Array = body) =>
  `t=${at},v1=${createHmac('sha256', SECRET).update(`${at}.`).update(b).digest('hex')}`;

describe('verifyWebhook', () => {
  it.each([NaN, Infinity, -Infinity, -1, '300' as unknown as number])(
    'refuses toleranceSec %s, even for a 10-day-old signature',
    (toleranceSec) => {
      expect(() => verifyWebhook(body, sign(t - 864_000), SECRET, { now, toleranceSec })).toThrow(
        /toleranceSec must be a finite number/,
      );
    },
  );

  it('accepts toleranceSec 0 for a signature of this second', () => {
    expect(verifyWebhook(body, sign(t), SECRET, { now, toleranceSec: 0 }).id).toBe('evt_1');
    expect(() => verifyWebhook(body, sign(t - 1), SECRET, { now, toleranceSec: 0 })).toThrow(/1 s old/);
  });

  it('refuses a byte body that is not UTF-8, even when signed as its U+FFFD text', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(body.slice(0, -1)), 0xff, 0x7d]);
    const lossy = new TextDecoder().decode(bytes);
    let error: unknown;
    try {
      verifyWebhook(bytes, sign(t, lossy), SECRET, { now });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe('malformed');
    expect((error as Error).message).toMatch(/UTF-8/);
  });

  it("refuses an event that is not live (a sandbox's) unless asked, and takes one from before livemode as live", () => {
    const of = (livemode: boolean | undefined) =>
      JSON.stringify({ id: 'evt_1', type: 'transaction.completed', createdAt: '', livemode, data: {} });
    let error: unknown;
    try {
      verifyWebhook(of(false), sign(t, of(false)), SECRET, { now });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe('not_live');
    expect((error as Error).message).toMatch(/livemode: false.*allowTestEvents: true/);
    const test = verifyWebhook(of(false), sign(t, of(false)), SECRET, { now, allowTestEvents: true });
    expect(test.livemode).toBe(false);
    expect(verifyWebhook(of(true), sign(t, of(true)), SECRET, { now }).livemode).toBe(true);
    // Sent by a server from before events said it: as it was then.
    expect(verifyWebhook(of(undefined), sign(t, of(undefined)), SECRET, { now }).id).toBe('evt_1');
  });

  it('verifies a byte body of valid UTF-8 (a Buffer from express.raw)', () => {
    const text = body.replace('evt_1', 'evt_ü');
    expect(verifyWebhook(Buffer.from(text), sign(t, text), SECRET, { now }).id).toBe('evt_ü');
  });
});

describe('generateTestWebhookHeader', () => {
  it('signs a body so that verifyWebhook accepts it, now or at a given time', () => {
    expect(verifyWebhook(body, generateTestWebhookHeader(body, SECRET), SECRET).id).toBe('evt_1');
    const header = generateTestWebhookHeader(body, SECRET, { timestamp: t });
    expect(header).toBe(sign(t));
    expect(() => verifyWebhook(body, header, 'another-secret-0123456789abcdef')).toThrow(/does not match/);
  });
});
