// The embedded sandbox is a test double, but it runs inside the host server: its control routes
// must not be drivable by another site, its fault patterns must not be able to stall the server,
// and its simulated partner page must not be framed by anyone.
import { describe, expect, it } from 'vitest';
import { createStandaloneSandbox } from '../../sandbox/standalone';
import { HARDENING_ENV, testServer, type TestServer } from '../testing/server';
import { SESSION_BODY } from '../testing/session';

const control = (h: TestServer, path: string, init: RequestInit) => h.request(`/__sandbox${path}`, init);

describe('/__sandbox control routes', () => {
  it('refuse a text/plain POST (a form any site can send), and do nothing', async () => {
    const h = testServer({ env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1' } });
    const before = h.sandboxNow();
    const res = await control(h, '/clock', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"advanceMs":86400000}',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(h.sandboxNow()).toBe(before);
    const faults = await control(h, '/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ rules: [{ kind: 'hang' }] }),
    });
    expect(faults.status).toBeGreaterThanOrEqual(400);
    expect(h.sandbox.faults.rules).toHaveLength(0);
  });

  it('refuse JSON from another origin or site', async () => {
    const h = testServer({ env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1' } });
    const claims: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of claims) {
      const res = await control(h, '/faults', {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json', ...headers },
      });
      expect(res.status).toBe(403);
    }
  });

  it('accept same-origin JSON (what the e2e tools send)', async () => {
    const h = testServer({ env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1' } });
    const before = h.sandboxNow();
    const res = await control(h, '/clock', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: h.config.publicUrl,
        'Sec-Fetch-Site': 'same-origin',
      },
      body: '{"advanceMs":1000}',
    });
    expect(res.status).toBe(204);
    expect(h.sandboxNow()).toBe(before + 1000);
  });

  it('the standalone sandbox refuses a text/plain POST too', async () => {
    const s = createStandaloneSandbox({
      apiKey: 'k'.repeat(20),
      publicBaseUrl: 'http://127.0.0.1:9',
      control: true,
    });
    const res = await s.fetch(
      new Request('http://127.0.0.1:9/__sandbox/faults', {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ rules: [{ kind: 'hang' }] }),
      }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(s.sandbox.faults.rules).toHaveLength(0);
  });
});

describe('a fault rule with a regular expression', () => {
  // A pattern from a request could backtrack for minutes (^/(a+)+$): rules over HTTP take prefixes only.
  it('is refused with 400, and no rule is set', async () => {
    const h = testServer({ env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1' } });
    const put = await control(h, '/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ pathPattern: '^/(a+)+$', kind: 'status', status: 500 }] }),
    });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({
      code: 'INVALID_BODY',
      message: expect.stringContaining('pathPattern'),
    });
    expect((await h.request(`/api/ramp/sandbox/${'a'.repeat(28)}`)).status).toBe(401);
  });
});

describe('the simulated partner page', () => {
  it('may not be framed by any site', async () => {
    const h = testServer({ env: HARDENING_ENV });
    const res = await h.session(SESSION_BODY, { 'Idempotency-Key': 'frame-ancestors-key-1' });
    const { id } = (await res.json()) as { id: string };
    const page = await h.request(`/api/ramp/sandbox/provider/checkout/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const missing = await h.request('/api/ramp/sandbox/provider/checkout/nope');
    expect(missing.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
