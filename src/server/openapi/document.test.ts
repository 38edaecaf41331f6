// GET /api/ramp/openapi.json through createRampServer: the document covers the proxy's allowlist and
// every operation it documents is answered (not 404/405).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRampServer } from '../index';
import { RULES } from '../proxy/allowlist';

const TOKEN = 'openapi-admin-token-0123456789';
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const dataDir = mkdtempSync(join(tmpdir(), 'ramp-openapi-'));
const ramp = createRampServer({ dataDir, adminToken: TOKEN }, { static: null, log: quiet });
afterAll(async () => {
  await ramp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A value each path parameter's pattern takes. */
const SAMPLE: Record<string, string> = {
  country: 'US',
  category: 'CRYPTO_ONRAMP',
  source: 'USD',
  destination: 'ETH',
};

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
};

async function documentOf(): Promise<Doc> {
  const res = await ramp.fetch(new Request('http://localhost/api/ramp/openapi.json'));
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

describe('GET /api/ramp/openapi.json', () => {
  it('is an OpenAPI 3.1 document with one operation per allowlisted route', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toBe('3.1.0');
    for (const rule of RULES) {
      const path = `/api/ramp/${rule.path.map((p) => (typeof p === 'string' ? p : `{${p.name}}`)).join('/')}`;
      expect(doc.paths[path]?.[rule.method.toLowerCase()], `${rule.method} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics']));
  });

  it('documents only operations the server answers', async () => {
    const doc = await documentOf();
    const seen: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => SAMPLE[name] ?? 'abc123');
        const res = await ramp.fetch(
          new Request(`http://localhost${url}`, {
            method: method.toUpperCase(),
            headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
            ...(method === 'post' ? { body: '{}' } : {}),
          }),
        );
        // The server's answer to an unrouted request is 404 'Not found'; a route's own 404 says what is missing.
        const body = res.status === 404 ? ((await res.json()) as { message: string }) : null;
        seen.push(`${method} ${path} ${res.status} ${body?.message ?? ''}`);
        expect(res.status, `${method} ${path}`).not.toBe(405);
        expect(body?.message, `${method} ${path}`).not.toBe('Not found');
      }
    }
    expect(seen.length).toBeGreaterThan(RULES.length);
  });
});
