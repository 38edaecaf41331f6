import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../api/proxy/contract';
import { checkPath } from './policy';
import { matchAllowlist, methodArb, pathArb } from '../testing/paths';
import { testServer } from '../testing/server';

const ramp = fc.oneof(
  pathArb.map((p) => `${API_PREFIX}${p}`),
  pathArb,
  fc.constantFrom(
    `${API_PREFIX}/network-partner/defaults/US/CRYPTO_ONRAMP`,
    `${API_PREFIX}/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC`,
    `${API_PREFIX}/network-partner/defaults/%55S/CRYPTO_ONRAMP`,
    `${API_PREFIX}/network-partner/defaults/US/CRYPTO_ONRAMP/`,
    `${API_PREFIX}//network-partner/defaults/US/CRYPTO_ONRAMP`,
    `${API_PREFIX}/bootstrap`,
  ),
);

describe('the proxy (property)', () => {
  it('calls upstream only for a request that mirrors an allowlisted path exactly', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '100000/100000' } });
    await fc.assert(
      fc.asyncProperty(methodArb, ramp, async (method, path) => {
        const before = t.upstream.calls.length;
        let url: URL;
        try {
          url = new URL(`http://localhost${path}`);
        } catch {
          return; // Not a URL: no browser can send it.
        }
        const { status } = await t.request(url.href, { method });
        const calls = t.upstream.calls.slice(before);
        if (calls.length > 0) {
          const sub = url.pathname.slice(API_PREFIX.length);
          expect(url.pathname.startsWith(`${API_PREFIX}/`)).toBe(true);
          expect(checkPath(url.pathname)).toBeNull();
          const m = matchAllowlist(method, sub);
          expect(m.kind).toBe('route');
          if (m.kind === 'route' && m.rule.id === 'bootstrap') {
            // The proxy's own route: the first screen's discovery reads, each an allowlisted GET.
            for (const call of calls) {
              expect(call.method).toBe('GET');
              expect(matchAllowlist('GET', call.path.split('?')[0]!).kind).toBe('route');
            }
          } else {
            expect(calls).toHaveLength(1);
            expect(calls[0]!.path).toBe(sub);
            expect(calls[0]!.method).toBe(method === 'HEAD' ? 'GET' : method);
          }
        }
        if (checkPath(url.pathname) !== null) {
          expect(calls).toHaveLength(0);
          expect([400, 404, 414]).toContain(status);
        }
      }),
      { numRuns: 400 },
    );
    // The allowlisted examples above did get through.
    expect(t.upstream.calls.length).toBeGreaterThan(0);
  });
});
