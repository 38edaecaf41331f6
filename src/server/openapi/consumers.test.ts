// GET /api/ramp/openapi.json as merchants' tools take it: Redocly's recommended rules find nothing in
// the document the server serves, and the types openapi-typescript makes of it compile a typed use of
// orders, quotes and webhook events (an order's sessionId and a quote's serviceProvider are strings,
// not `unknown`), with TypeScript's own compiler.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../testing/server';

const root = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'ramp-openapi-consumers-'));
let document: Record<string, unknown>;

beforeAll(async () => {
  // A server mounted below a path on its public origin, as a merchant's may be.
  const ramp = testServer({ options: { publicUrl: 'https://pay.shop.test/ramp' } });
  const res = await ramp.request('https://pay.shop.test/ramp/api/ramp/openapi.json');
  document = (await res.json()) as Record<string, unknown>;
  await ramp.close();
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the served OpenAPI document, as merchants lint it and generate from it', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        '--extends',
        'recommended',
        '--format',
        'json',
        join(dir, 'openapi.json'),
      ],
      // No telemetry, no update check: the suite runs offline.
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("makes openapi-typescript's types, which type an order's sessionId, a quote's serviceProvider and every event as strings", async () => {
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(
      join(dir, 'use.ts'),
      `import type { paths, webhooks } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Orders = Json<paths['/api/ramp/orders']['get']['responses'][200]>;
type Quotes = Json<paths['/api/ramp/payments/crypto/quote']['post']['responses'][200]>;
type Completed = Json<webhooks['transaction.completed']['post']['requestBody']>;

export function read(orders: Orders, quotes: Quotes, event: Completed): string[] {
  const sessionId: string = orders.orders[0]!.sessionId;
  const provider: string = quotes.quotes[0]!.serviceProvider;
  const type: 'transaction.completed' = event.type;
  const live: boolean = event.livemode;
  // @ts-expect-error a session id is a string: neither any nor unknown
  const wrong: number = orders.orders[0]!.sessionId;
  // @ts-expect-error a partner is a string
  const other: number = quotes.quotes[0]!.serviceProvider;
  return [sessionId, provider, type, String(live), String(wrong), String(other), event.data.sessionId];
}
`,
    );
    const program = ts.createProgram([join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
