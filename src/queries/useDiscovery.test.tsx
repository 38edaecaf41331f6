// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rampKeys } from './keys';
import { hookEnv } from './test-wrapper';
import type { DiscoveryInput } from './useDiscovery';
import { useDiscovery } from './useDiscovery';

describe('useDiscovery', () => {
  it('reaches the first screen with one bootstrap call and seeds the per-operation cache', async () => {
    const env = hookEnv();
    const { result } = renderHook(
      () => useDiscovery({ direction: 'buy', needsSubdivision: () => false, countryHint: 'GB' }),
      {
        wrapper: env.wrapper,
      },
    );
    await waitFor(() => expect(result.current.countries.isReady).toBe(true));
    expect(result.current.bootstrap.country).toBe('GB');
    expect(env.server.requests.map((r) => r.path)).toEqual(['/bootstrap?category=CRYPTO_ONRAMP&country=GB']);
    expect(env.queryClient.getQueryData(rampKeys.currencies('CRYPTO_ONRAMP', 'GB', 'CRYPTO'))).toBeDefined();
  });

  it('prefers the country default, and falls back to the first entries when there is none', async () => {
    const env = hookEnv();
    const input = (country: string, fiatCurrency?: string): DiscoveryInput => ({
      direction: 'buy',
      country,
      fiatCurrency,
      needsSubdivision: () => false,
      countryHint: country,
    });
    const us = renderHook(() => useDiscovery(input('GB')), { wrapper: env.wrapper });
    await waitFor(() => expect(us.result.current.fiat.isReady).toBe(true));
    expect(us.result.current.defaults?.currencyCode).toBe('GBP');
    expect(us.result.current.fiat.preferred?.currencyCode).toBe('GBP');

    const br = renderHook(() => useDiscovery({ ...input('BR', 'BRL'), cryptoCurrency: 'BTC' }), {
      wrapper: env.wrapper,
    });
    await waitFor(() => expect(br.result.current.methods.isReady).toBe(true));
    expect(br.result.current.defaults).toBeNull();
    expect(br.result.current.fiat.preferred).toEqual(br.result.current.fiat.items[0]);
    expect(br.result.current.methods.preferred).toEqual(br.result.current.methods.items[0]);
  });

  it('waits for the state before asking for US routes, and sends it as the subdivision', async () => {
    const env = hookEnv();
    const base: DiscoveryInput = {
      direction: 'buy',
      country: 'US',
      fiatCurrency: 'USD',
      cryptoCurrency: 'BTC',
      paymentMethod: 'CREDIT_DEBIT_CARD',
      needsSubdivision: () => true,
      countryHint: 'US',
    };
    const { result, rerender } = renderHook((p: DiscoveryInput) => useDiscovery(p), {
      wrapper: env.wrapper,
      initialProps: base,
    });
    await waitFor(() => expect(result.current.fiat.isReady).toBe(true));
    expect(env.server.sent('/network-partner/supported/routes')).toHaveLength(0);
    expect(result.current.limits).toBeUndefined();

    rerender({ ...base, subdivision: 'US-NY' });
    await waitFor(() => expect(result.current.methods.isReady).toBe(true));
    const [routes] = env.server.sent('/network-partner/supported/routes');
    expect(routes?.path).toBe('/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC?subdivision=US-NY');
    // Paybis is unavailable in New York: its card limits (10..20000) do not widen the bounds.
    expect(result.current.routes.items.map((r) => r.partner)).not.toContain('PAYBIS');
    expect(result.current.limits).toEqual({ currencyCode: 'USD', min: 15, max: 10000 });
    expect(result.current.methods.items.map((m) => m.method)).toContain('CREDIT_DEBIT_CARD');
  });

  it('asks for sell routes in the crypto → fiat order', async () => {
    const env = hookEnv();
    const { result } = renderHook(
      () =>
        useDiscovery({
          direction: 'sell',
          country: 'GB',
          fiatCurrency: 'GBP',
          cryptoCurrency: 'ETH',
          needsSubdivision: () => false,
          countryHint: 'GB',
        }),
      { wrapper: env.wrapper },
    );
    await waitFor(() => expect(result.current.methods.isReady).toBe(true));
    expect(env.server.sent('/network-partner/supported/routes')[0]?.path).toBe(
      '/network-partner/supported/routes/CRYPTO_OFFRAMP/GB/ETH/GBP',
    );
  });

  it('reports routes that serve nothing as unavailable', async () => {
    const env = hookEnv();
    // Nigeria sells nothing and JPY buys of POL are not served: routes answer [].
    const { result } = renderHook(
      () =>
        useDiscovery({
          direction: 'buy',
          country: 'JP',
          fiatCurrency: 'JPY',
          cryptoCurrency: 'POL',
          needsSubdivision: () => false,
          countryHint: 'JP',
        }),
      { wrapper: env.wrapper },
    );
    await waitFor(() => expect(result.current.methods.isReady).toBe(true));
    expect(result.current.routes.items).toEqual([]);
    expect(result.current.methods.unavailable).toBe(true);
  });
});
