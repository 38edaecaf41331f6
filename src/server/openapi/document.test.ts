// GET /api/ramp/openapi.json: valid OpenAPI 3.1 (checked with an OpenAPI schema validator), walked
// together with the app's own routes (every routed operation is documented and every documented one
// is routed and answered), bodies and queries from the schemas the routes validate with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { createApp } from '../app';
import { resolveConfig } from '../config/config';
import { createMemoryLogger } from '../http/log';
import { createMerchant } from '../merchant/merchant';
import { openEmbeddedLedger } from '../storage/ledger';
import { ADMIN_TOKEN as TOKEN, testServer } from '../testing/server';

// The service's webhooks are routed only with their secret (a plain 404 otherwise).
const options = { adminToken: TOKEN, upstreamWebhookSecret: 'openapi-upstream-secret-0123456789' };
const ramp = testServer({ options }).server;
const client = { ip: '203.0.113.9' };

/** A value each path parameter's pattern takes. */
const SAMPLE: Record<string, string> = {
  country: 'US',
  category: 'CRYPTO_ONRAMP',
  source: 'USD',
  destination: 'ETH',
};

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function documentOf(): Promise<Doc> {
  const res = await ramp.fetch(new Request('http://localhost/api/ramp/openapi.json'), client);
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

const call = (path: string, init: RequestInit = {}) =>
  ramp.fetch(
    new Request(`http://localhost${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...init.headers },
    }),
    client,
  );

/** The app as createRampServer builds it (sandbox, merchant backend), without pages and files. */
function routedApp() {
  const config = resolveConfig(options);
  const sandbox = createSandbox({
    apiKey: config.upstream.apiKey,
    publicBaseUrl: 'http://localhost/sandbox',
  });
  return createApp(config, {
    sandbox,
    log: createMemoryLogger(),
    merchant: (ctx) => createMerchant(ctx, { ledger: openEmbeddedLedger(null) }),
  });
}

/** Whether a Hono pattern (`:name` a segment) routes a path of the document (`{name}` a segment). */
const routes = (pattern: string, docPath: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`).test(docPath.replace(/\{\w+\}/g, 'x'));

describe('GET /api/ramp/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await documentOf();
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every operation the app routes, and routes every one it documents', async () => {
    const doc = await documentOf();
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // Method ALL: middleware, the 405 answers, the sandbox's mount, the 404 below /api/ramp.
    const routed = routedApp().routes.filter((r) => r.method !== 'ALL');
    expect(routed.length).toBeGreaterThan(20);
    for (const r of routed) {
      const match = documented.filter((d) => d.method === r.method && routes(r.path, d.path));
      expect(match, `${r.method} ${r.path} is routed but not documented`).not.toEqual([]);
    }
    for (const d of documented) {
      const match = routed.filter((r) => r.method === d.method && routes(r.path, d.path));
      expect(match, `${d.method} ${d.path} is documented but not routed`).not.toEqual([]);
    }
    // The merchant's routes are among them.
    for (const path of ['/api/ramp/intents', '/api/ramp/orders/{sessionId}', '/api/ramp/stats']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('documents only operations the server answers', async () => {
    const doc = await documentOf();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => SAMPLE[name] ?? 'abc123');
        const res = await call(url, {
          method: method.toUpperCase(),
          ...(method === 'post' ? { body: '{}' } : {}),
        });
        // The server's answer to an unrouted request is 404 'Not found'; a route's own 404 says what is missing.
        const body = res.status === 404 ? ((await res.json()) as { message: string }) : null;
        expect(res.status, `${method} ${path}`).not.toBe(405);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        expect(body?.message, `${method} ${path}`).not.toBe('Not found');
      }
    }
  });

  it('gives the request bodies of the schemas the routes validate with; an empty body is a 400 naming the fields', async () => {
    const doc = await documentOf();
    const quote = doc.paths['/api/ramp/payments/crypto/quote']!.post!.requestBody!.content['application/json']
      .schema as { required: string[]; additionalProperties: boolean };
    expect(quote.required).toEqual([
      'countryCode',
      'sourceCurrencyCode',
      'sourceAmount',
      'destinationCurrencyCode',
    ]);
    expect(quote.additionalProperties).toBe(false);
    const intent = doc.paths['/api/ramp/intents']!.post!.requestBody!.content['application/json'].schema as {
      required: string[];
    };
    expect(intent.required).toEqual(['reference']);
    const session = doc.paths['/api/ramp/crypto/session/widget']!.post!;
    expect(session.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );

    const empty = async (path: string, headers: Record<string, string> = {}) => {
      const res = await call(path, { method: 'POST', body: '{}', headers });
      return { status: res.status, body: (await res.json()) as { code: string; details: string[] } };
    };
    const quoted = await empty('/api/ramp/payments/crypto/quote');
    expect(quoted.status).toBe(400);
    expect(quoted.body.code).toBe('INVALID_BODY');
    expect(quoted.body.details.map((d) => d.split(':')[0])).toEqual(quote.required);
    const session400 = await empty('/api/ramp/crypto/session/widget', {
      'Idempotency-Key': crypto.randomUUID(),
    });
    expect(session400).toMatchObject({ status: 400, body: { code: 'INVALID_BODY' } });
    expect((await empty('/api/ramp/intents')).body.code).toBe('INVALID_INTENT');
  });

  it("gives the merchant's query parameters of the schemas the routes check them with", async () => {
    const doc = await documentOf();
    const params = doc.paths['/api/ramp/orders']!.get!.parameters!;
    expect(params.map((p) => p.name)).toEqual(['reference', 'status', 'customerId', 'limit', 'cursor']);
    const limit = params.find((p) => p.name === 'limit')!.schema as { pattern: string };
    expect(new RegExp(limit.pattern).test('abc')).toBe(false);
    const res = await call('/api/ramp/orders?limit=abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY_PARAMETER' });
    const stats = doc.paths['/api/ramp/stats']!.get!.parameters!.map((p) => p.name);
    expect(stats).toEqual(['from', 'to', 'country', 'partner']);
    expect((await call('/api/ramp/stats?country=usa')).status).toBe(400);
    expect((await call('/api/ramp/stats?country=')).status).toBe(200);
  });
});
