// The build's precompressed variants (scripts/compress.mjs) as the server sends them.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../testing/server';
import { VERSION } from '../config/version';

let hosted: string;
const JS = `export const words = ${JSON.stringify('checkout '.repeat(200))};`;
const HTML = `<!doctype html><title>Checkout</title><div id="root">${'<div class="hp-skel"></div>'.repeat(20)}</div>`;
const EMBED = `window.RampCheckout = ${JSON.stringify('embed '.repeat(200))};`;

function withVariants(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'rc-compressed-'));
  hosted = join(root, 'hosted');
  mkdirSync(join(hosted, 'assets'), { recursive: true });
  mkdirSync(join(root, 'embed'));
  withVariants(join(hosted, 'index.html'), HTML);
  withVariants(
    join(hosted, 'favicon.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
  );
  writeFileSync(join(hosted, 'console.html'), '<!doctype html><title>Console</title>');
  withVariants(join(hosted, 'assets', 'index-abc123.js'), JS);
  writeFileSync(join(hosted, 'assets', 'plain-abc123.js'), 'console.log(1)');
  withVariants(join(root, 'embed', 'ramp-checkout.js'), EMBED);
});

const get = (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  testServer({ upstream: 'fake', static: hosted }).request(path, {
    headers: { ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}), ...headers },
  });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('precompressed static files', () => {
  it('sends a hashed asset as brotli to a browser that takes it, with its type, length and Vary', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(JS.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(JS);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(JS);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.has('content-encoding')).toBe(false);
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await plain.text()).toBe(JS);
  });

  it('gives each encoding its own ETag, so a 304 never stands for another encoding', async () => {
    const br = await get('/assets/index-abc123.js', 'br');
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(br.headers.get('etag')).not.toBe(gz.headers.get('etag'));
    const again = await get('/assets/index-abc123.js', 'br', { 'If-None-Match': br.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('sends a file without variants as it is, with no Vary on the encoding', async () => {
    const res = await get('/assets/plain-abc123.js', 'br, gzip');
    expect(res.headers.has('content-encoding')).toBe(false);
    expect(res.headers.get('vary') ?? '').not.toMatch(/Accept-Encoding/);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('sends a top-level file by its name compressed, and never its variants under their own names', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-encoding')).toBe('br');
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    for (const variant of ['/favicon.svg.br', '/favicon.svg.gz']) {
      expect((await get(variant)).status, variant).toBe(404);
    }
  });

  it('compresses the hosted page, never cached for good', async () => {
    const res = await get('/?direction=buy', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(HTML);
  });

  it('compresses the embed under its pinned and its bare URL', async () => {
    const pinned = await get(`/ramp-checkout.js?v=${VERSION}`, 'gzip, br');
    expect(pinned.headers.get('content-encoding')).toBe('br');
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pinned.headers.get('access-control-allow-origin')).toBe('*');
    expect(brotliDecompressSync(await bytes(pinned)).toString()).toBe(EMBED);
    const bare = await get('/ramp-checkout.js', 'gzip');
    expect(bare.headers.get('content-encoding')).toBe('gzip');
    expect(bare.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('preloads the bootstrap request the hosted page is about to make, on its 304 too', async () => {
    // The page goes out as it is (with the preload) when its first data cannot come with it
    // (http/first-data.ts): here the upstream is down.
    const t = testServer({ upstream: 'fake', static: hosted });
    t.upstream.on('/', () => ({ status: 503, body: { code: 'DOWN', message: 'down' } }));
    const get = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
      t.request(path, { headers: { 'Accept-Encoding': acceptEncoding, ...headers } });
    const res = await get('/?direction=sell&country=de&amount=0.5', 'br');
    const link =
      '</api/ramp/bootstrap?category=CRYPTO_OFFRAMP&country=DE>; rel=preload; as=fetch; crossorigin';
    expect(res.headers.get('link')).toBe(link);
    const again = await get('/?direction=sell&country=de', 'br', {
      'If-None-Match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('link')).toBe(link);
    expect((await get('/', 'br')).headers.has('link')).toBe(false);
    expect((await get('/console?country=DE', 'br')).headers.has('link')).toBe(false);
  });
});
