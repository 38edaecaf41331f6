// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../api/types';
import { useQuotes } from './quotes';
import { hookEnv } from './test-wrapper';
import { createTestServer } from './test-server';

const request = (sourceAmount: number): QuoteRequest => ({
  countryCode: 'GB',
  sourceCurrencyCode: 'GBP',
  sourceAmount,
  destinationCurrencyCode: 'BTC',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
});

const OPTS = { enabled: true, refreshMs: 30_000, debounceMs: 100 };

describe('useQuotes', () => {
  it('asks nothing without a complete request, and the first one at once', async () => {
    const env = hookEnv();
    const { result, rerender } = renderHook((r: QuoteRequest | null) => useQuotes(r, OPTS), {
      wrapper: env.wrapper,
      initialProps: null as QuoteRequest | null,
    });
    expect(result.current.isLoading).toBe(false);
    expect(env.server.requests).toHaveLength(0);
    rerender(request(100));
    await waitFor(() => expect(result.current.quotes.length).toBeGreaterThan(0));
    expect(result.current.refreshAt).toBe(result.current.receivedAt + 30_000);
    expect(env.server.sent('/payments/crypto/quote')[0]?.body).toEqual(request(100));
  });

  it('debounces changes, aborts the superseded request and never shows quotes of an old request', async () => {
    const server = createTestServer();
    server.sandbox.faults.add({ path: '/payments/crypto/quote', kind: 'latency', latencyMs: 300, times: 1 });
    const env = hookEnv(server);
    const { result, rerender } = renderHook((r: QuoteRequest) => useQuotes(r, OPTS), {
      wrapper: env.wrapper,
      initialProps: request(100),
    });
    await waitFor(() => expect(server.requests).toHaveLength(1));
    rerender(request(150));
    rerender(request(200));
    expect(result.current.quotes).toEqual([]);
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.quotes.length).toBeGreaterThan(0));
    const sent = server.sent('/payments/crypto/quote');
    // 150 was typed over before the pause ended: never asked.
    expect(sent.map((r) => (r.body as QuoteRequest).sourceAmount)).toEqual([100, 200]);
    expect(sent[0]?.signal?.aborted).toBe(true);
    expect(result.current.quotes.every((q) => q.sourceAmount === 200)).toBe(true);
  });

  it('says NO_VALID_QUOTES apart from other failures', async () => {
    const env = hookEnv();
    // A display name instead of the canonical method: the service finds no quote.
    const { result } = renderHook(
      () => useQuotes({ ...request(100), paymentMethodType: 'CARD_PAYMENT' }, OPTS),
      {
        wrapper: env.wrapper,
      },
    );
    await waitFor(() => expect(result.current.noValidQuotes).toBe(true));
    expect(result.current.error).toBeNull();
    expect(result.current.quotes).toEqual([]);
  });
});
