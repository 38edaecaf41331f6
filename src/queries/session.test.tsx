// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionRequest } from '../api/types';
import { RampError } from '../api';
import { useCreateSession } from './session';
import { createTestServer } from './test-server';
import { hookEnv } from './test-wrapper';

const REQUEST: SessionRequest = {
  sessionData: {
    serviceProvider: 'PAYBIS',
    countryCode: 'GB',
    sourceCurrencyCode: 'GBP',
    sourceAmount: '100',
    destinationCurrencyCode: 'ETH',
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    paymentMethodType: 'CREDIT_DEBIT_CARD',
  },
  sessionType: 'BUY',
} as unknown as SessionRequest;

describe('useCreateSession', () => {
  it('gives up at its deadline with SESSION_TIMEOUT and cancels the request, however the server hangs', async () => {
    // The host server never answers the session request (its upstream hangs, say).
    const server = createTestServer();
    let asked = 0;
    const hanging: typeof fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/crypto/session/widget'))
        return server.fetch(input, init);
      asked++;
      return new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    };
    const env = hookEnv({ ...server, fetch: hanging });
    const { result } = renderHook(() => useCreateSession(300), { wrapper: env.wrapper });
    const started = Date.now();
    let error: unknown;
    await act(async () => {
      await result.current
        .create(REQUEST, '7d9e6c1e-9a43-8d55-8f0b-3d3b7bb1d2c1')
        .catch((e: unknown) => (error = e));
    });
    expect(error).toBeInstanceOf(RampError);
    expect((error as RampError).code).toBe('SESSION_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(3000);
    // Nothing keeps asking once it gave up.
    const before = asked;
    await new Promise((r) => setTimeout(r, 600));
    expect(asked).toBe(before);
  });
});
