// Which externalCustomerId a quote carries upstream: the merchant's customer id when the quote comes
// with its intent's client secret (as the session from that intent will), else the browser's own.
// Through createRampServer's fetch on the embedded sandbox, whose quotes say previouslyUsed for a
// partner this customer id has paid with.
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../api/types';
import { ADMIN_TOKEN as ADMIN, testServer } from '../../testing/server';
import { QUOTE_PATH, json, quotedSession } from '../../testing/session';

const ORIGIN = 'http://127.0.0.1:8787';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const TERMS = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  destinationCurrencyCode: 'ETH',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
};

describe('the customer id of a quote', () => {
  it("is the intent's customerId when the quote carries the intent: previouslyUsed comes back", async () => {
    const t = testServer({ env: { RAMP_SANDBOX_TIME_SCALE: '0.02' }, clock: 'system' });
    const call = (path: string, init: RequestInit = {}) => t.request(`${ORIGIN}${path}`, init, '192.0.2.80');
    const intentFor = async (reference: string) => {
      const res = await call(
        '/api/ramp/intents',
        json({ reference, customerId: 'merchant-customer-42' }, { Authorization: `Bearer ${ADMIN}` }),
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { clientSecret: string }).clientSecret;
    };
    const quotes = async (headers: Record<string, string> = {}) => {
      const res = await call(QUOTE_PATH, json({ ...TERMS, sourceAmount: 100 }, headers));
      expect(res.status).toBe(200);
      return ((await res.json()) as { quotes: Quote[] }).quotes;
    };
    const usedBefore = (list: Quote[]) => list.filter((q) => q.previouslyUsed).map((q) => q.serviceProvider);

    // The merchant's customer pays with TRANSAK once, from an intent.
    const first = await intentFor('order-1');
    const res = await quotedSession(
      call,
      {
        sessionType: 'BUY',
        sessionData: { ...TERMS, serviceProvider: 'TRANSAK', sourceAmount: '100', walletAddress: WALLET },
      },
      { 'Idempotency-Key': 'quote-customer-0001', 'X-Ramp-Intent': first },
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const paid = await call(`/api/ramp/sandbox/provider/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    // Their next checkout's quotes, with its intent, know it; a quote without one is a stranger's.
    expect(usedBefore(await quotes({ 'X-Ramp-Intent': await intentFor('order-2') }))).toEqual(['TRANSAK']);
    expect(usedBefore(await quotes())).toEqual([]);
    // A secret that is no intent's changes nothing: the browser's own id, and an answer.
    expect(usedBefore(await quotes({ 'X-Ramp-Intent': `int_x_secret_${'A'.repeat(32)}` }))).toEqual([]);
  });
});
