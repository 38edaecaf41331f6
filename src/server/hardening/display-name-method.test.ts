// A display name ("Credit / Debit Card") where the canonical method belongs is a request the
// upstream answers with NO_VALID_QUOTES; the proxy may refuse it early, but with that code.
import { describe, expect, it } from 'vitest';
import { json } from '../testing/upstream';
import { testServer } from '../testing/server';

const QUOTE = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

describe('a display name sent as paymentMethodType', () => {
  it.each(['Credit / Debit Card', 'Apple Pay', 'Bank transfer (SEPA)', 'card'])(
    '%s gets a 4xx NO_VALID_QUOTES, not INVALID_BODY',
    async (name) => {
      const t = testServer({ upstream: 'fake' });
      const res = await t.request(
        '/api/ramp/payments/crypto/quote',
        json({ ...QUOTE, paymentMethodType: name }),
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({ code: 'NO_VALID_QUOTES', requestId: expect.any(String) });
    },
  );

  it('other malformed fields still get INVALID_BODY', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(
      '/api/ramp/payments/crypto/quote',
      json({ ...QUOTE, paymentMethodType: 'Apple Pay', countryCode: 'usa' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' });
  });

  it('a value that is no text at all is INVALID_BODY', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request('/api/ramp/payments/crypto/quote', json({ ...QUOTE, paymentMethodType: 42 }));
    expect(await res.json()).toMatchObject({ code: 'INVALID_BODY' });
    const long = await t.request(
      '/api/ramp/payments/crypto/quote',
      json({ ...QUOTE, paymentMethodType: 'x'.repeat(500) }),
    );
    expect(await long.json()).toMatchObject({ code: 'INVALID_BODY' });
    expect(t.upstream.calls).toHaveLength(0);
  });
});
