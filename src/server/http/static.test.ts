import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCsp } from './headers';
import { testServer } from '../testing/server';
import { VERSION } from '../config/version';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rc-static-'));
  const hosted = join(root, 'hosted');
  mkdirSync(join(hosted, 'assets'), { recursive: true });
  mkdirSync(join(root, 'embed'));
  writeFileSync(join(hosted, 'index.html'), '<!doctype html><title>Checkout</title>');
  writeFileSync(join(hosted, 'console.html'), '<!doctype html><title>Console</title>');
  writeFileSync(join(hosted, 'embed-demo.html'), '<!doctype html><title>Demo shop</title>');
  mkdirSync(join(hosted, 'demo'));
  writeFileSync(join(hosted, 'demo', 'merchant.html'), '<!doctype html><title>Merchant</title>');
  writeFileSync(join(hosted, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(root, 'embed', 'ramp-checkout.js'), 'window.RampCheckout={}');
  writeFileSync(join(root, 'secret.txt'), 'outside the hosted folder');
  writeFileSync(join(hosted, '.env'), 'outside the hosted folder');
});

const app = () => testServer({ upstream: 'fake', static: join(root, 'hosted') });

describe('static files', () => {
  it('serves the hosted page with a strict CSP, frameable by the allowed origins only', async () => {
    const res = await app().request('/?direction=buy');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Checkout</title>');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self' https://shop.example;");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe');
    expect(res.headers.has('x-frame-options')).toBe(false);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('frames the hosted page only same-origin when no merchant origin is configured', async () => {
    const res = await testServer({
      upstream: 'fake',
      env: { RAMP_ALLOWED_ORIGINS: '' },
      static: join(root, 'hosted'),
    }).request('/');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self';");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('serves the console, never framed', async () => {
    const res = await app().request('/console');
    expect(await res.text()).toContain('Console');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('caches hashed assets for good', async () => {
    const res = await app().request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves the embed immutable only under its own version; another version is refused', async () => {
    const versioned = await app().request(`/ramp-checkout.js?v=${VERSION}`);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bare = await app().request('/ramp-checkout.js');
    expect(bare.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await bare.text()).toBe('window.RampCheckout={}');
    const unknown = await app().request('/ramp-checkout.js?v=9.9.9');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).not.toContain('immutable');
    expect((await unknown.json()) as { message: string }).toMatchObject({
      message: expect.stringContaining(`this server has ${VERSION}`),
    });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app().request('/ramp-checkout.js');
    const again = await app().request('/ramp-checkout.js', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it("keeps a page's own CSP on its 304 (a browser keeps the 304's headers: a reload must still run)", async () => {
    const first = await app().request('/');
    expect(first.status).toBe(200);
    const again = await app().request('/', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(again.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('serves demo pages of the hosted build by name', async () => {
    const res = await app().request('/embed-demo.html');
    expect(await res.text()).toContain('Demo shop');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
  });

  it('serves the demo merchant page under /demo/, and nothing outside it', async () => {
    const res = await app().request('/demo/merchant.html');
    expect(await res.text()).toContain('Merchant');
    expect((await app().request('/demo/..%2fsecret.txt')).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/secret.txt',
    '/.env',
    '/assets/.env',
    '/%2eenv',
    '/assets/',
    '/missing.html',
  ])('never serves %s', async (path) => {
    const res = await app().request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('outside the hosted folder');
  });

  it('says the build is missing instead of failing', async () => {
    const res = await testServer({ upstream: 'fake', static: join(root, 'nowhere') }).request('/');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('npm run build'),
    });
  });
});

describe('pageCsp', () => {
  it('lets pages show the embedded sandbox icons from its own host name', () => {
    expect(pageCsp('hosted', [], ['http://127.0.0.1:8787'])).toContain(
      "img-src 'self' data: https: http://127.0.0.1:8787;",
    );
  });
});
