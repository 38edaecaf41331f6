import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkQuery } from '../../api/routes/mount';
import { Refusal } from '../../api/routes/refusal';
import type { RouteSpec } from '../../api/routes/spec';
import { RULES } from './allowlist';
import type { ProxyRouteId } from './allowlist';
import { checkPath } from './policy';
import { matchAllowlist, methodArb, pathArb, upstreamPath } from '../testing/paths';
import { ADMIN_TOKEN, testServer } from '../testing/server';

const rule = (id: ProxyRouteId): RouteSpec => RULES.find((r) => r.id === id)!;
const q = (s: string) => new URLSearchParams(s);
const queryError = (r: RouteSpec, s: string): string[] => {
  try {
    checkQuery(r, q(s));
  } catch (e) {
    if (e instanceof Refusal) return e.details ?? [];
    throw e;
  }
  return [];
};

describe('the allowlist as routes', () => {
  // The console token reaches every route (the tracking routes too), so each allowlisted path is
  // answered by its own handler: an upstream call to the same path, never a 404 or 405.
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  it.each([
    ['GET', '/network-partner/supported/countries?category=CRYPTO_ONRAMP'],
    ['GET', '/network-partner/defaults/US/CRYPTO_ONRAMP'],
    ['GET', '/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=FIAT'],
    ['GET', '/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD'],
    ['GET', '/network-partner/supported/routes/CRYPTO_OFFRAMP/US/USDC_POLYGON/USD'],
    ['GET', '/payments/transactions/tx-1'],
    ['GET', '/payments/transactions'],
    ['GET', '/financial-accounts'],
    ['GET', '/financial-accounts/transactions'],
  ])('%s %s goes to its route', async (method, path) => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(`/api/ramp${path}`, { method, headers: admin });
    expect(res.status).not.toBe(404);
    expect(res.status).not.toBe(405);
    expect(t.upstream.calls.map((c) => c.path)).toEqual([path.split('?')[0]]);
  });

  it.each([
    ['GET', '/bootstrap', 200],
    ['HEAD', '/bootstrap', 200],
    ['GET', '/admin/session', 204],
  ])('%s %s answers', async (method, path, status) => {
    const res = await testServer({ upstream: 'fake' }).request(`/api/ramp${path}`, {
      method,
      headers: admin,
    });
    expect(res.status).toBe(status);
  });

  it('says which methods a known path takes', async () => {
    const res = await testServer({ upstream: 'fake' }).request('/api/ramp/payments/crypto/quote');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it.each([
    '/network-partner/defaults/us/CRYPTO_ONRAMP',
    '/network-partner/defaults/US/CRYPTO_TRANSFER',
    '/network-partner/defaults/USA/CRYPTO_ONRAMP',
    '/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD',
    '/network-partner/supported/fiat-limits',
    '/network-partner/supported/countries/',
    '/payments/transactions/a.b',
    '/bank-linking/accounts',
  ])('%s is not allowlisted', async (path) => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(`/api/ramp${path}`, { headers: admin });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(t.upstream.calls).toHaveLength(0);
    expect(matchAllowlist('GET', path).kind).toBe('none');
  });
});

describe('checkPath', () => {
  it.each([
    ['/api/ramp/%2e%2e/admin', 'encoded dot segment'],
    ['/api/ramp/payments%2ftransactions', 'encoded slash'],
    ['/api/ramp/payments%5Ctransactions', 'encoded backslash'],
    ['/api/ramp/payments\\transactions', 'backslash'],
    ['/api/ramp//payments/transactions', 'double slash'],
    ['/api/ramp/../healthz', 'dot dot'],
    ['/api/ramp/./bootstrap', 'dot'],
    ['/api/ramp/boot\u0000strap', 'NUL'],
    ['/api/ramp/bootstrap\u00e9', 'non-ASCII'],
    ['/api/ramp/%C0%AE%C0%AE/x', 'overlong UTF-8 dot'],
    ['api/ramp/bootstrap', 'relative'],
  ])('refuses %s (%s) with 400', (path) => {
    expect(checkPath(path)?.status).toBe(400);
  });

  it('refuses paths over 512 characters with 414', () => {
    expect(checkPath(`/api/ramp/${'a'.repeat(600)}`)?.status).toBe(414);
  });

  it('accepts plain paths', () => {
    expect(checkPath('/api/ramp/network-partner/defaults/US/CRYPTO_ONRAMP')).toBeNull();
  });
});

describe('the query check', () => {
  it('returns the validated parameters', () => {
    expect(
      checkQuery(rule('currencies'), q('category=CRYPTO_ONRAMP&country=US&type=CRYPTO&network=SOLANA')),
    ).toEqual({
      category: 'CRYPTO_ONRAMP',
      country: 'US',
      type: 'CRYPTO',
      network: 'SOLANA',
    });
  });

  it.each<[ProxyRouteId, string, RegExp]>([
    ['countries', '', /category: required/],
    ['countries', 'category=CRYPTO_ONRAMP&debug=1', /debug: unknown parameter/],
    ['countries', 'category=CRYPTO_ONRAMP&category=CRYPTO_OFFRAMP', /category: given more than once/],
    ['countries', 'category=CRYPTO_SWAP', /category: expected CRYPTO_ONRAMP or CRYPTO_OFFRAMP/],
    ['countries', 'category=CRYPTO_ONRAMP&partners=', /partners: expected/],
    ['currencies', 'category=CRYPTO_ONRAMP&country=US&type=TOKEN', /type: expected FIAT or CRYPTO/],
    ['transactions', 'limit=0', /limit: expected an integer from 1 to 100/],
    ['transactions', 'limit=101', /limit/],
    ['transactions', 'limit=1e1', /limit/],
    ['transactions', 'from=2026-02-30', /from: expected a date YYYY-MM-DD/],
    ['transactions', 'before=k1&after=k2', /before, after: give at most one of them/],
    ['financialAccountTransactions', 'startDate=2026-02-03T10:00:00', /startDate: expected a UTC timestamp/],
    ['financialAccountTransactions', 'endDate=2026-02-03T24:00:00Z', /endDate/],
    ['bootstrap', 'country=usa', /country/],
  ])('%s?%s is refused (%s)', (id, query, message) => {
    expect(queryError(rule(id), query).some((d) => message.test(d))).toBe(true);
  });

  it('accepts the documented listing filters', () => {
    expect(
      checkQuery(
        rule('financialAccountTransactions'),
        q(
          'customerId=c1&startDate=2026-02-01T00:00:00Z&endDate=2026-02-03T23:59:59Z&limit=100&after=abc%2B%2F%3D',
        ),
      ),
    ).toMatchObject({ limit: 100, after: 'abc+/=' });
  });
});

// ---- property: a path either matches one allowlisted pattern exactly, or is refused ----

describe('path policy (property)', () => {
  it('allows only paths that reproduce an allowlisted pattern exactly, from safe characters', () => {
    fc.assert(
      fc.property(methodArb, pathArb, (method, path) => {
        if (checkPath(path) !== null) return;
        const m = matchAllowlist(method, path);
        if (m.kind !== 'route') return;
        expect(upstreamPath(m.rule, m.params)).toBe(path);
        expect(path).toMatch(/^(\/[A-Za-z0-9_-]+)+$/);
        expect(m.rule.method).toBe(method === 'HEAD' ? 'GET' : method);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses every path with an encoding, a backslash, a dot or empty segment', () => {
    fc.assert(
      fc.property(pathArb, (path) => {
        const segs = path.split('/').slice(1);
        const tricky =
          /[%\\]/.test(path) ||
          [...path].some((ch) => ch.charCodeAt(0) < 0x21 || ch.charCodeAt(0) > 0x7e) ||
          segs.slice(0, -1).includes('') ||
          segs.some((s) => s === '.' || s === '..') ||
          path.length > 512;
        if (tricky) expect(checkPath(path)).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
