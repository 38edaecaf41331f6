// The CLI as a merchant runs it: help texts, and `webhooks trigger` against a receiver that verifies
// with verifyWebhook, as the README's handler does in development (its samples are test events).
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../index';
import type { WebhookEvent } from '../index';
import { ROOT, runCli } from '../testing/process';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

/** The CLI with no webhook settings unless the test gives them. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { RAMP_WEBHOOK_SECRET: '', RAMP_WEBHOOK_URL: '', ...env });

const received: WebhookEvent[] = [];
let url = '';
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      const event = verifyWebhook(Buffer.concat(chunks), req.headers['ramp-signature'] as string, SECRET, {
        allowTestEvents: true,
      });
      received.push(event);
      res.writeHead(204).end();
    } catch (e) {
      res.writeHead(400).end((e as Error).message);
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/ramp`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

describe('ramp-checkout', { timeout: 60_000 }, () => {
  it('runs as `npx ramp-checkout` from a built checkout: the build leaves its bin executable', async () => {
    // Checked first: npx makes the file executable itself when it links it the first time.
    expect(statSync(resolve(ROOT, 'dist/server/cli.js')).mode & 0o111).toBe(0o111);
    const npx = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn('npx', ['--no-install', 'ramp-checkout', '--help'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += String(d)));
      child.stderr.on('data', (d) => (out += String(d)));
      child.on('close', (code) => done({ code, out }));
    });
    expect(npx.out).toMatch(/^Usage: ramp-checkout <command>/);
    expect(npx.code).toBe(0);
  });

  it('--help lists the commands; serve --help its options, not "Unknown option"', async () => {
    const top = await cli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/serve/);
    expect(top.stdout).toMatch(/webhooks trigger <type> --url <endpoint>/);
    const serve = await cli(['serve', '--help']);
    expect(serve.code).toBe(0);
    expect(serve.stdout).toMatch(/--port <port>/);
    expect(serve.stderr).toBe('');
  });

  it('serve refuses a misspelt RAMP_* variable, naming the nearest known one', async () => {
    const run = await cli(['serve'], {
      RAMP_ADMIN_TOKNE: 'admin-token-0123456789abcdef',
      RAMP_DRAIN_SM: '100',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'RAMP_ADMIN_TOKNE: not a variable the server reads (did you mean RAMP_ADMIN_TOKEN?)',
    );
    expect(run.stderr).toContain(
      'RAMP_DRAIN_SM: not a variable the server reads (did you mean RAMP_DRAIN_MS?)',
    );
    expect(run.stdout).not.toMatch(/listening/);
  });

  it('serve --role takes web, worker or all (RAMP_ROLE), and refuses another', async () => {
    const run = await cli(['serve', '--role', 'cron']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/RAMP_ROLE: must be web, worker or all/);
  });

  it('webhooks trigger posts each type signed with RAMP_WEBHOOK_SECRET; the receiver verifies it', async () => {
    for (const type of ['checkout.session_created', 'transaction.completed'] as const) {
      const run = await cli(['webhooks', 'trigger', type, '--url', url], { RAMP_WEBHOOK_SECRET: SECRET });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^${type} evt_test_\\S+ → ${url}: 204`));
      const event = received.at(-1)!;
      expect(event.type).toBe(type);
      expect(event.livemode).toBe(false);
      expect(event.data).toMatchObject({ reference: 'order_sample', sourceAmount: '100.00' });
      expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
    }
    expect(received.at(-1)).toMatchObject({ data: { status: 'SETTLED', destinationAmount: '0.0312' } });
  });

  it('says so and exits 1 when the endpoint refuses (another secret), 2 for a bad type or no secret', async () => {
    const refused = await cli(['webhooks', 'trigger', 'transaction.failed', '--url', url], {
      RAMP_WEBHOOK_SECRET: 'another-secret-0123456789abcdef01',
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/: 400 The signature does not match/);
    const badType = await cli(['webhooks', 'trigger', 'order.paid', '--url', url], {
      RAMP_WEBHOOK_SECRET: SECRET,
    });
    expect(badType.code).toBe(2);
    expect(badType.stderr).toMatch(/Unknown event type "order.paid": one of checkout.session_created/);
    const noSecret = await cli(['webhooks', 'trigger', 'transaction.failed', '--url', url]);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toMatch(/RAMP_WEBHOOK_SECRET/);
  });
});
