// The server's own origin (the default redirect target) comes from configuration, RAMP_PUBLIC_URL,
// and in development from the listen address: never from Host, X-Forwarded-Host or an
// absolute-URI request line, which any client writes as it likes.
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig } from '../config/config';
import { loadConfig } from '../config/env';
import { BUY_SESSION, json, quotedSession } from '../testing/upstream';
import { testServer } from '../testing/server';

const SESSION = BUY_SESSION;
const withRedirect = (redirectUrl: string) => ({
  ...SESSION,
  sessionData: { ...SESSION.sessionData, redirectUrl },
});
let n = 0;
const key = () => `public-origin-key-${++n}`;

describe('RAMP_PUBLIC_URL', () => {
  it('defaults to the listen address and takes an origin', () => {
    expect(resolveConfig(loadConfig({})).publicUrl).toBe('http://127.0.0.1:8787');
    expect(resolveConfig(loadConfig({ HOST: '0.0.0.0', PORT: '9000' })).publicUrl).toBe(
      'http://127.0.0.1:9000',
    );
    expect(resolveConfig(loadConfig({ HOST: '::1', PORT: '9000' })).publicUrl).toBe('http://[::1]:9000');
    expect(resolveConfig(loadConfig({ RAMP_PUBLIC_URL: 'https://pay.shop.example' })).publicUrl).toBe(
      'https://pay.shop.example',
    );
  });

  it('must be an origin, with the path the server is mounted at if any', () => {
    for (const bad of [
      'pay.shop.example',
      'https://pay.shop.example/path?x=1',
      'https://pay.shop.example/a/../b',
      'ftp://x.example',
      'https://u:p@x.example',
    ]) {
      expect(() => resolveConfig(loadConfig({ RAMP_PUBLIC_URL: bad }))).toThrow(ConfigError);
    }
    expect(() => resolveConfig(loadConfig({ RAMP_PUBLIC_URL: 'https://shop.example/ramp' }))).not.toThrow();
  });
});

describe('a redirectUrl on an origin the request claims', () => {
  const claims: [string, Record<string, string>, string?][] = [
    ['Host', { Host: 'evil.example' }],
    [
      'X-Forwarded-Host with RAMP_TRUST_PROXY=1',
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    ],
    ['an absolute-URI request line', {}, 'http://evil.example/api/ramp/crypto/session/widget'],
  ];
  it.each(claims)('is refused with a 4xx and never reaches the upstream: %s', async (_, headers, url) => {
    const t = testServer({ upstream: 'fake', env: { RAMP_TRUST_PROXY: '1' } });
    const res = await t.request(
      url ?? 'http://evil.example/api/ramp/crypto/session/widget',
      json(withRedirect('http://evil.example/phish'), { 'Idempotency-Key': key(), ...headers }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toMatchObject({ code: 'REDIRECT_URL_NOT_ALLOWED' });
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('is accepted on the configured public origin, whatever the Host', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_PUBLIC_URL: 'https://pay.shop.example' } });
    // Quoted first as the widget does, then sent to the server under another Host.
    const res = await quotedSession(
      (path, init) => t.request(`http://evil.example${path}`, init),
      withRedirect('https://pay.shop.example/thanks'),
      { 'Idempotency-Key': key() },
    );
    expect(res.status).toBe(200);
    expect(t.callsTo('/crypto/session/widget')[0]!.body).toMatchObject({
      sessionData: { redirectUrl: 'https://pay.shop.example/thanks' },
    });
  });

  it('is accepted on the listen address when RAMP_PUBLIC_URL is unset', async () => {
    const t = testServer({ upstream: 'fake', env: { PORT: '9000' } });
    const res = await t.session(withRedirect('http://127.0.0.1:9000/thanks'), { 'Idempotency-Key': key() });
    expect(res.status).toBe(200);
  });
});
