// Every ```ts and ```tsx block of the README and docs/MERCHANT.md, as a merchant would paste it: each one type-checked
// (strict) against the built package in a folder where `ramp-checkout` is installed, and the server
// examples run with tsx and asked over HTTP: the Node server, the Express and Fastify mounts, the
// Next.js route handler and the webhook handler. Needs the build (npm test builds first).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_SESSION } from '../src/server/testing/upstream';
import { QUOTE_PATH, json, quoteFor, quotedSession } from '../src/server/testing/session';
import { generateTestWebhookHeader } from '../src/server/index';

const root = resolve(import.meta.dirname, '..');
const built =
  existsSync(join(root, 'dist/server/types/server/index.d.ts')) &&
  existsSync(join(root, 'dist/lib/index.d.ts'));
/** The documents whose code is a merchant's to paste. */
const DOCS = ['README.md', 'docs/MERCHANT.md'];
const snippets = DOCS.flatMap((doc) =>
  [...readFileSync(join(root, doc), 'utf8').matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((m) => ({
    doc,
    code: m[2]!,
    lang: m[1]!,
  })),
).map((s, i) => ({ ...s, file: `snippet-${i + 1}.${s.lang}` }));
const find = (marker: string) => {
  const found = snippets.find((s) => s.code.includes(marker));
  if (!found) throw new Error(`${DOCS.join(', ')}: no snippet with ${marker}`);
  return found;
};

const dir = mkdtempSync(join(tmpdir(), 'ramp-readme-'));
const children: ChildProcess[] = [];

beforeAll(() => {
  if (!built) return;
  // The package installed (a link to this repository, whose exports point at dist), and what the
  // examples import beside it (express, react and their types) from the repository's node_modules.
  mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.bin' || name === '@types') continue;
    symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
  for (const name of readdirSync(join(root, 'node_modules/@types'))) {
    symlinkSync(join(root, 'node_modules/@types', name), join(dir, 'node_modules/@types', name), 'dir');
  }
  symlinkSync(root, join(dir, 'node_modules', 'ramp-checkout'), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'merchant', private: true, type: 'module' }),
  );
  for (const s of snippets) writeFileSync(join(dir, s.file), `// Generated from ${s.doc}.\n${s.code}`);
  // What the examples leave to the merchant's own code.
  writeFileSync(
    join(dir, 'merchant.d.ts'),
    "/** The merchant's own: marks the order paid, once per event id. */\ndeclare function fulfil(reference: string | null, eventId: string): void;\n" +
      "/** The merchant's own: the order a reference names, as it was placed. */\ndeclare function orderOf(reference: string): { direction: 'buy' | 'sell'; currency: string; amount: string } | undefined;\n" +
      "/** The merchant's own: lets go of an order whose checkout expired unpaid. */\ndeclare function release(reference: string | null, eventId: string): void;\n",
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2022', 'dom', 'dom.iterable'],
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        isolatedModules: true,
        esModuleInterop: true,
        // The snippets are checked here, not the libraries' declarations (Next.js's alone are most of
        // the program): scripts/consumer-types.test.ts checks this package's with skipLibCheck off.
        skipLibCheck: true,
        types: ['node'],
      },
      files: ['merchant.d.ts', ...snippets.map((s) => s.file)],
    }),
  );
});

afterAll(() => {
  for (const c of children) c.kill();
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** Runs a snippet with tsx and waits until `ready` answers. */
async function run(file: string, env: Record<string, string>, ready: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: dir,
    // RAMP_SELF_CHECK: what the server sends is checked against its schemas (src/server/http/self-check.ts).
    env: { ...process.env, RAMP_DATA_DIR: mkdtempSync(join(dir, 'data-')), RAMP_SELF_CHECK: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 300)
      throw new Error(`${file} did not answer ${ready}:\n${output.join('')}`);
    try {
      await fetch(ready);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe.runIf(built)('the code of the README and docs/MERCHANT.md', { timeout: 180_000 }, () => {
  it('type-checks, every ts and tsx block, strict', () => {
    // Eight blocks: the React component, the embed's global, four ways to mount the server, the
    // webhook handler (README) and the intent (docs/MERCHANT.md).
    expect(snippets.length).toBeGreaterThanOrEqual(8);
    expect(snippets.some((s) => s.code.includes('ramp.createIntent('))).toBe(true);
    let errors = '';
    try {
      execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
        stdio: 'pipe',
      });
    } catch (e) {
      errors = String((e as { stdout?: Buffer }).stdout ?? e);
    }
    expect(errors).toBe('');
  });

  it('runs: the Node server answers its health check', async () => {
    const port = await freePort();
    await run(
      find('createServer(nodeHandler(ramp))').file,
      { PORT: String(port) },
      `http://127.0.0.1:${port}/healthz`,
    );
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('runs: Express with the server under /ramp, and the app’s own /', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await run(
      find("app.use('/ramp', nodeHandler(ramp))").file,
      { PORT: String(port), RAMP_PUBLIC_URL: `${origin}/ramp` },
      `${origin}/`,
    );
    expect(await (await fetch(`${origin}/`)).text()).toBe('The shop');
    expect((await fetch(`${origin}/ramp/healthz`)).status).toBe(200);
  });

  it('runs: Fastify with the server under /ramp (pages, embed, API, a session), the rest Fastify’s', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    await run(
      find("app.addHook('onRequest'").file,
      { PORT: String(port), RAMP_PUBLIC_URL: `${origin}/ramp` },
      `${origin}/`,
    );
    const get = (path: string, init?: RequestInit) =>
      fetch(`${origin}${path}`, { redirect: 'manual', ...init });
    expect(await (await get('/')).text()).toBe('The shop');
    expect((await get('/ramp')).headers.get('location')).toBe('/ramp/');
    const page = await get('/ramp/');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const assets = [...(await page.text()).matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)];
    expect(assets.length).toBeGreaterThan(0);
    for (const [, asset] of assets) expect((await get(`/ramp/${asset}`)).status).toBe(200);
    const embed = await get('/ramp/ramp-checkout.js');
    expect(embed.headers.get('content-type')).toMatch(/javascript/);
    expect(await embed.text()).toContain('RampCheckout');

    const countries = await get('/ramp/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP');
    expect(countries.status).toBe(200);
    // JSON bodies reach the server whole: Fastify parses none under /ramp.
    const send = (path: string, init: RequestInit) => get(`/ramp${path}`, init);
    const quote = await send(QUOTE_PATH, json(quoteFor(BUY_SESSION)));
    expect(quote.status).toBe(200);
    expect(await quote.json()).toMatchObject({ quotes: [{ serviceProvider: 'BANXA' }] });
    const session = await quotedSession(send, BUY_SESSION, { 'Idempotency-Key': 'readme-fastify-1' });
    expect(session.status).toBe(200);
    const { widgetUrl } = (await session.json()) as { widgetUrl: string };
    expect(widgetUrl.startsWith(`${origin}/ramp/api/ramp/sandbox/`)).toBe(true);
    expect((await fetch(widgetUrl)).status).toBe(200);

    // Paths the server does not serve, under /ramp or not: Fastify's own 404.
    for (const path of ['/ramp/nowhere', '/nowhere']) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ message: `Route GET:${path} not found` });
    }
  });

  it('runs: the Next.js route handler answers /api/ramp', async () => {
    const route = find('app/api/ramp/[...path]/route.ts').file;
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // Next.js calls the exported handlers with a Request, with x-forwarded-for set to the socket's
    // peer as \`next start\` does: so does this stand-in.
    writeFileSync(
      join(dir, 'next-stand-in.ts'),
      `import { createServer } from 'node:http';
import * as route from './${route}';
createServer(async (req, res) => {
  const handler = route[req.method as 'GET' | 'POST'];
  const headers = { 'x-forwarded-for': req.socket.remoteAddress ?? '' };
  const answer = await handler(new Request(\`${origin}\${req.url}\`, { method: req.method, headers }));
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}).listen(${port});
`,
    );
    await run('next-stand-in.ts', { RAMP_PUBLIC_URL: origin }, `${origin}/api/ramp/healthz`);
    const currencies = await fetch(
      `${origin}/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO`,
    );
    expect(currencies.status).toBe(200);
    const icon = JSON.stringify(await currencies.json()).match(/"(http[^"]+\.svg)"/)?.[1];
    expect(icon).toMatch(new RegExp(`^${origin}/api/ramp/sandbox/assets/`));
    expect((await fetch(icon!)).status).toBe(200);
  });

  it("runs: the webhook handler accepts a signed live event, refuses a forged one and a sandbox's", async () => {
    const secret = 'whsec_readme_0123456789abcdef0123456789';
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/ramp`;
    await run(find('/webhooks/ramp').file, { PORT: String(port), RAMP_WEBHOOK_SECRET: secret }, url);
    const event = (livemode: boolean) =>
      JSON.stringify({ id: 'evt_1', type: 'checkout.session_created', createdAt: '', livemode, data: {} });
    const post = (body: string, signature: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Ramp-Signature': signature },
        body,
      });
    const live = event(true);
    expect((await post(live, generateTestWebhookHeader(live, secret))).status).toBe(204);
    const forged = await post(live, generateTestWebhookHeader(live, `${secret}x`));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/does not match/);
    const sandbox = await post(event(false), generateTestWebhookHeader(event(false), secret));
    expect(sandbox.status).toBe(400);
    expect(await sandbox.text()).toMatch(/not live/);
  });
});
