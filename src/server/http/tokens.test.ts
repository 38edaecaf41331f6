import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRACKING_TOKEN_TTL_MS, createTokenSigner, safeEqual } from './tokens';
import { manualClock } from '../testing/clock';

const SECRET = 'x'.repeat(32);

describe('tracking tokens', () => {
  it('round-trips the session id until expiry', () => {
    const clock = manualClock();
    const s = createTokenSigner(SECRET, { now: clock.now });
    const t = s.sign('sess_1');
    expect(s.verify(t)).toEqual({ sid: 'sess_1', exp: clock.now() + TRACKING_TOKEN_TTL_MS });
    clock.advance(TRACKING_TOKEN_TTL_MS);
    expect(s.verify(t)).toBeNull();
  });

  it('refuses tokens signed with another secret', () => {
    const t = createTokenSigner('y'.repeat(32)).sign('sess_1');
    expect(createTokenSigner(SECRET).verify(t)).toBeNull();
  });

  it('refuses a payload swapped under a valid signature', () => {
    const s = createTokenSigner(SECRET);
    const [, sig] = s.sign('sess_A').split('.');
    const forged = `${Buffer.from(JSON.stringify({ sid: 'sess_B', exp: Date.now() + 1e9 })).toString('base64url')}.${sig}`;
    expect(s.verify(forged)).toBeNull();
  });

  it('refuses any single-character change (property)', () => {
    const s = createTokenSigner(SECRET);
    const t = s.sign('sess_1');
    fc.assert(
      fc.property(fc.nat(t.length - 1), fc.constantFrom(...'ABCabc0123-_.'), (i, ch) => {
        const changed = t.slice(0, i) + ch + t.slice(i + 1);
        // base64url's last character carries padding bits: a change there may decode to the same bytes.
        if (changed === t || i === t.length - 1) return;
        expect(s.verify(changed)).toBeNull();
      }),
    );
  });

  it.each([undefined, null, '', 'abc', 'a.b.c', '.', `${'a'.repeat(600)}.b`])('refuses %j', (t) => {
    expect(createTokenSigner(SECRET).verify(t)).toBeNull();
  });

  it('derives a stable externalSessionId per Idempotency-Key and secret', () => {
    const s = createTokenSigner(SECRET);
    const id = s.externalSessionId('key-12345678');
    expect(id).toMatch(/^rc_[A-Za-z0-9_-]{32}$/);
    expect(s.externalSessionId('key-12345678')).toBe(id);
    expect(s.externalSessionId('key-12345679')).not.toBe(id);
    expect(createTokenSigner('z'.repeat(32)).externalSessionId('key-12345678')).not.toBe(id);
  });
});

describe('safeEqual', () => {
  it('compares by value, whatever the lengths', () => {
    expect(safeEqual('secret-token', 'secret-token')).toBe(true);
    expect(safeEqual('secret-token', 'secret-tokex')).toBe(false);
    expect(safeEqual('secret-token', 'secret')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });
});
