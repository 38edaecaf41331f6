import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandaloneSandbox } from './standalone';
import { buySession } from '../api/test-sessions';

const KEY = 'sk_standalone_test_key_01';
const auth = { headers: { Authorization: `BASIC ${KEY}` } };
const COUNTRIES = '/network-partner/supported/countries?category=CRYPTO_ONRAMP';

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('createStandaloneSandbox', () => {
  const make = (control: boolean) => {
    let t = Date.parse('2026-03-01T12:00:00Z');
    const s = createStandaloneSandbox({
      apiKey: KEY,
      publicBaseUrl: 'http://127.0.0.1:8795',
      control,
      now: () => t,
    });
    const call = async (path: string, init: RequestInit = {}) =>
      s.fetch(new Request(`http://127.0.0.1:8795${path}`, init));
    return { s, call, tick: (ms: number) => void (t += ms) };
  };

  it('serves the sandbox API at the root, with the key', async () => {
    const { call } = make(false);
    expect((await call(COUNTRIES, auth)).status).toBe(200);
    expect((await call(COUNTRIES)).status).toBe(401);
  });

  it('sets and clears faults over HTTP when control is on', async () => {
    const { call } = make(true);
    const put = await call('/__sandbox/faults', {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ rules: [{ path: '/network-partner', kind: 'status', status: 503 }] }),
    });
    expect(put.status).toBe(204);
    expect((await call(COUNTRIES, auth)).status).toBe(503);
    expect((await call('/__sandbox/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await call(COUNTRIES, auth)).status).toBe(200);
    const bad = await call('/__sandbox/faults', {
      method: 'PUT',
      headers: JSON_TYPE,
      body: '{"rules":[{"kind":"boom"}]}',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining('rules.0.kind') });
  });

  it('moves its clock forward over HTTP when control is on', async () => {
    const { call, s } = make(true);
    expect(
      (await call('/__sandbox/clock', { method: 'POST', headers: JSON_TYPE, body: '{"advanceMs":5000}' }))
        .status,
    ).toBe(204);
    expect(
      (await call('/__sandbox/clock', { method: 'POST', headers: JSON_TYPE, body: '{"advanceMs":-1}' }))
        .status,
    ).toBe(400);
    expect(s.sandbox).toBeDefined();
  });

  it('has no control routes when control is off (they are sandbox 404s, behind the key)', async () => {
    const { call } = make(false);
    expect((await call('/__sandbox/faults', { method: 'DELETE' })).status).toBe(401);
    expect((await call('/__sandbox/faults', { method: 'DELETE', ...auth })).status).toBe(404);
  });
});

/** The test kit's buy, created at the sandbox at `origin`: its answer. */
async function createSession(origin: string): Promise<unknown> {
  const session = await fetch(`${origin}/crypto/session/widget`, {
    method: 'POST',
    headers: { ...auth.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(buySession({ subdivision: 'US-NY' })),
  });
  return session.json();
}

/** The origin a started sandbox says it listens on. */
const listening = (child: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"url":"([^"]+)"/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });

describe('serve.ts (the process)', () => {
  const entry = resolve(import.meta.dirname, 'serve.ts');
  let child: ChildProcess;
  let origin = '';

  const start = (env: Record<string, string>) =>
    spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  beforeAll(async () => {
    child = start({ SANDBOX_KEY: KEY, SANDBOX_PORT: '0', SANDBOX_CONTROL: '1', SANDBOX_TIME_SCALE: '0.1' });
    origin = await listening(child);
  }, 20_000);
  afterAll(() => void child?.kill('SIGTERM'));

  it('listens, answers with the key, and puts its own origin in widget URLs', async () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${origin}${COUNTRIES}`, auth)).status).toBe(200);
    const { widgetUrl } = (await createSession(origin)) as { widgetUrl: string };
    expect(widgetUrl.startsWith(`${origin}/provider/checkout/`)).toBe(true);
    expect((await fetch(widgetUrl)).status).toBe(200);
  });

  it('drops the connection itself for a drop fault', async () => {
    await fetch(`${origin}/__sandbox/faults`, {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ rules: [{ path: '/network-partner', kind: 'drop', times: 1 }] }),
    });
    await expect(fetch(`${origin}${COUNTRIES}`, auth)).rejects.toThrow();
    expect((await fetch(`${origin}${COUNTRIES}`, auth)).status).toBe(200);
  });

  it('puts SANDBOX_PUBLIC_URL in widget URLs: the address browsers reach it at (a port Docker maps)', async () => {
    const mapped = start({
      SANDBOX_KEY: KEY,
      SANDBOX_PORT: '0',
      SANDBOX_PUBLIC_URL: 'http://localhost:18795',
    });
    try {
      const { widgetUrl } = (await createSession(await listening(mapped))) as { widgetUrl: string };
      expect(widgetUrl).toMatch(/^http:\/\/localhost:18795\/provider\/checkout\//);
    } finally {
      mapped.kill('SIGTERM');
    }
  });

  it('refuses a SANDBOX_PUBLIC_URL that is not an http(s) URL', async () => {
    const bad = start({ SANDBOX_KEY: KEY, SANDBOX_PORT: '0', SANDBOX_PUBLIC_URL: 'localhost:8795' });
    let err = '';
    bad.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => bad.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('SANDBOX_PUBLIC_URL must be an http(s) URL');
  });

  it('refuses to start without a key, saying which variable to set', async () => {
    const bare = start({ SANDBOX_PORT: '0' });
    let err = '';
    bare.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => bare.on('exit', r));
    expect(code).toBe(1);
    expect(err).toContain('SANDBOX_KEY is required');
  }, 20_000);
});
