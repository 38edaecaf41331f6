// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteFor } from '../server/testing/session';
import { createTestServer } from './test-server';
import { hookEnv } from './test-wrapper';
import { rampKeys } from './keys';
import { useTransaction } from './transactions';

async function createSession(env: ReturnType<typeof hookEnv>) {
  const body = {
    sessionType: 'BUY' as const,
    sessionData: {
      serviceProvider: 'BANXA',
      countryCode: 'GB',
      sourceCurrencyCode: 'GBP',
      sourceAmount: '100',
      destinationCurrencyCode: 'BTC',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
      walletAddress: 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp',
    },
  };
  // Quoted first, as the widget does: the server binds a session to a recent quote.
  await env.client.quote(quoteFor(body));
  const s = await env.client.createSession(body, {
    headers: { 'Idempotency-Key': 'c0ffee00-0000-4000-8000-00000000000a' },
  });
  return { sessionId: s.id, trackingToken: s.trackingToken ?? '' };
}

describe('useTransaction', () => {
  it('reads by session with the tracking token; null until the partner created the transaction', async () => {
    const env = hookEnv(createTestServer({ timeScale: 0 }));
    const tracking = await createSession(env);
    const { result } = renderHook(() => useTransaction(tracking, { baseMs: 10, maxMs: 20 }), {
      wrapper: env.wrapper,
    });
    await waitFor(() => expect(result.current.transaction).toBeNull());
    expect(env.server.sent('/payments/transactions/sessions/')[0]?.headers['x-ramp-tracking']).toBe(
      tracking.trackingToken,
    );
    await env.server.act(tracking.sessionId, 'pay');
    await waitFor(() => expect(result.current.transaction?.status).toBe('SETTLED'));
    // Final: polling stops; the statuses read are kept with the transaction.
    expect(result.current.terminal).toBe(true);
    expect(result.current.seen.at(-1)).toBe('SETTLED');
    const count = env.server.sent('/payments/transactions').length;
    await new Promise((r) => setTimeout(r, 60));
    expect(env.server.sent('/payments/transactions')).toHaveLength(count);
  });

  it('without the tracking token there is nothing to see', async () => {
    const env = hookEnv();
    const tracking = await createSession(env);
    const { result } = renderHook(
      () => useTransaction({ ...tracking, trackingToken: 'forged' }, { baseMs: 10, maxMs: 20 }),
      { wrapper: env.wrapper },
    );
    await waitFor(() => expect(result.current.error?.status).toBe(404));
  });

  it('does not read a transaction already known to be final', async () => {
    const env = hookEnv();
    const settled = { transaction: { id: 'txn_1', status: 'SETTLED' }, seen: ['SETTLED'] };
    env.queryClient.setQueryData(rampKeys.transaction('s'), settled);
    const { result } = renderHook(() => useTransaction({ sessionId: 's', trackingToken: 't' }), {
      wrapper: env.wrapper,
    });
    expect(result.current.terminal).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(env.server.requests).toHaveLength(0);
  });
});
