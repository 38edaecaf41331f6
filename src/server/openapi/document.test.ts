// GET /api/ramp/openapi.json: valid OpenAPI 3.1 (checked with an OpenAPI schema validator), walked
// together with the app's own routes and the route declarations (every declared route is routed and
// documented, and every routed or documented one declared), every answer typed, the webhooks, servers
// and licence; bodies and queries from the schemas the routes validate with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../sandbox';
import { createApp } from '../app';
import { resolveConfig } from '../config/config';
import { createMerchant } from '../merchant/merchant';
import { openEmbeddedLedger } from '../storage/ledger';
import { ADMIN_TOKEN as TOKEN, testServer } from '../testing/server';
import { WEBHOOK_TYPES } from '../../api/proxy/webhooks';
import { DECLARED, docPath } from './document';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
// The service's webhooks are routed only with their secret (a plain 404 otherwise).
const options = {
  adminToken: TOKEN,
  upstreamWebhookSecret: 'openapi-upstream-secret-0123456789',
  // The sandbox's controls are declared routes too.
  sandboxControl: true,
};
const ramp = testServer({ options }).server;
const client = { ip: '203.0.113.9' };

/** A value each path parameter's pattern takes. */
const SAMPLE: Record<string, string> = {
  country: 'US',
  category: 'CRYPTO_ONRAMP',
  source: 'USD',
  destination: 'ETH',
};

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type Doc = {
  openapi: string;
  info: { license?: unknown };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
};

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
    log: quiet,
    merchant: (ctx) => createMerchant(ctx, { ledger: openEmbeddedLedger(null) }),
    advanceSandboxClock: () => {},
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

  it('routes and documents every declared route, and declares every routed or documented one', async () => {
    const doc = await documentOf();
    const declared = DECLARED.flatMap(({ prefix, routes }) =>
      routes.map((r) => ({ method: r.method, path: prefix + r.path })),
    );
    const key = (method: string, path: string) => `${method} ${path.replace(/[:{](\w+)\}?/g, '{}')}`;
    const declaredKeys = new Set(declared.map((d) => key(d.method, d.path)));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => key(method.toUpperCase(), path)),
    );
    // Hono's own table: every method route (a route is its checks and its handler: one entry
    // each), without middleware and the 405s (method ALL).
    const app = routedApp();
    const routed = [
      ...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
    ].map((r) => ({ method: r.split(' ')[0]!, path: r.split(' ')[1]! }));
    expect(new Set(documented)).toEqual(declaredKeys);
    for (const d of declared) {
      const inHono = routed.some((r) => r.method === d.method && routes(r.path, docPath(d.path)));
      expect(inHono, `${d.method} ${d.path} is declared but not routed`).toBe(true);
    }
    for (const r of routed) {
      const known = declared.some((d) => d.method === r.method && routes(r.path, docPath(d.path)));
      expect(known, `${r.method} ${r.path} is routed but not declared`).toBe(true);
    }
    expect(routed.length).toBe(declared.length);
  });

  it('types every JSON answer: each success by its schema, each error as the one error shape', async () => {
    const doc = await documentOf();
    let answers = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const content = response.content ?? {};
          const json = content['application/json']?.schema;
          const where = `${method} ${path} ${status}`;
          if (status === 'default' || Number(status) >= 400) {
            if (json) expect(json, where).toEqual(expect.objectContaining({}));
            continue;
          }
          if (Object.keys(content).length === 0) continue; // 204: no body
          if (!json) continue; // /metrics: Prometheus text
          answers += 1;
          expect(json.type ?? json.anyOf ?? json.$ref, where).toBeDefined();
          expect(JSON.stringify(json), where).not.toBe('{}');
        }
      }
    }
    expect(answers).toBeGreaterThanOrEqual(25);
    const orders = doc.paths['/api/ramp/orders']!.get!.responses['200']!.content!['application/json']!.schema;
    expect(orders).toMatchObject({ required: ['orders', 'nextCursor'] });
  });

  it('describes every webhook the server sends, with its signature headers', async () => {
    const doc = await documentOf();
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_TYPES].sort());
    for (const type of WEBHOOK_TYPES) {
      const post = doc.webhooks[type]!.post!;
      expect(post.parameters!.map((p) => p.name)).toEqual([
        'Ramp-Signature',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const schema = post.requestBody!.content['application/json'].schema as {
        properties: { type: unknown };
      };
      expect(schema.properties.type).toEqual({ const: type });
    }
  });

  it('names its server from RAMP_PUBLIC_URL, path included, and its licence', async () => {
    const mounted = testServer({ options: { ...options, publicUrl: 'https://pay.shop.test/ramp' } });
    const res = await mounted.request('https://pay.shop.test/ramp/api/ramp/openapi.json');
    const doc = (await res.json()) as Doc;
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://pay.shop.test/ramp' })]);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
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
    expect(params.find((p) => p.name === 'limit')!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 500,
    });
    const res = await call('/api/ramp/orders?limit=abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY_PARAMETER' });
    const stats = doc.paths['/api/ramp/stats']!.get!.parameters!.map((p) => p.name);
    expect(stats).toEqual(['from', 'to', 'country', 'partner']);
    expect((await call('/api/ramp/stats?country=usa')).status).toBe(400);
    // As every route's: a parameter given is checked, an empty one too.
    expect((await call('/api/ramp/stats?country=')).status).toBe(400);
    expect((await call('/api/ramp/stats?country=US')).status).toBe(200);
  });
});
