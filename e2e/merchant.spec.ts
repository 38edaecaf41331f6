// The merchant's backend end to end: the merchant's server mints an intent, the hosted page opened
// with it starts from the intent's values and locks them, the buy completes, and signed webhooks
// reach the merchant's receiver (retried while it fails, and still delivered after the host server
// is killed and restarted). The ledger and the console's Orders view show the order.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { specPort } from '../playwright.config';
import { startServer, type ServerProcess } from '../src/server/testing/process';
import { quotedSession } from '../src/server/testing/session';
import { verifyWebhook } from '../src/server/merchant/webhooks/signature';
import type { WebhookEvent } from '../src/server/storage/ledger/types';
import { Checkout } from './pages/checkout';
import { ETH_WALLET } from './support/data';

const HOST_PORT = specPort(10);
const RECEIVER_PORT = specPort(11);
const ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
const ADMIN = 'merchant-e2e-admin-token-0123';
const SECRET = 'whsec_e2e_0123456789abcdef0123456789abcdef';

interface Delivery {
  raw: string;
  signature: string;
  event: WebhookEvent;
  answered: number;
}

/** The merchant's webhook receiver; `answer` decides each attempt's HTTP status. */
function startReceiver(answer: (event: WebhookEvent, attempt: number) => number) {
  const deliveries: Delivery[] = [];
  const attempts = new Map<string, number>();
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(raw) as WebhookEvent;
      const n = (attempts.get(event.id) ?? 0) + 1;
      attempts.set(event.id, n);
      const status = answer(event, n);
      deliveries.push({ raw, signature: String(req.headers['ramp-signature']), event, answered: status });
      res.writeHead(status).end();
    });
  });
  return new Promise<{ deliveries: Delivery[]; close(): Promise<void> }>((ok) =>
    server.listen(RECEIVER_PORT, '127.0.0.1', () =>
      ok({ deliveries, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

/** The production server with its own data folder and webhooks to the receiver, once ready. */
async function startHost(dataDir: string): Promise<ServerProcess> {
  const host = startServer({
    PORT: String(HOST_PORT),
    RAMP_ADMIN_TOKEN: ADMIN,
    RAMP_DATA_DIR: dataDir,
    RAMP_WEBHOOK_URL: `http://127.0.0.1:${RECEIVER_PORT}/webhooks/ramp`,
    RAMP_WEBHOOK_SECRET: SECRET,
    RAMP_WEBHOOK_RETRY_BASE_MS: '400',
    RAMP_SYNC_INTERVAL_MS: '300',
    RAMP_SANDBOX_TIME_SCALE: '0.3',
    RAMP_RATE_LIMIT_QUOTE: '6000/600',
    RAMP_RATE_LIMIT_SESSION: '600/100',
  });
  await host.ready;
  return host;
}

async function mintIntent(body: Record<string, unknown>) {
  const res = await fetch(`${ORIGIN}/api/ramp/intents`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; clientSecret: string; expiresAt: string };
}

const sessionBody = (amount: string) => ({
  sessionType: 'BUY',
  sessionData: {
    serviceProvider: 'BANXA',
    countryCode: 'US',
    subdivision: 'US-CA',
    sourceCurrencyCode: 'USD',
    sourceAmount: amount,
    destinationCurrencyCode: 'ETH',
    paymentMethodType: 'CREDIT_DEBIT_CARD',
    walletAddress: ETH_WALLET,
  },
});

// Quoted first, as the widget does: a session is bound to a quote the server gave recently.
const postSession = (secret: string, amount: string, key: string) =>
  quotedSession((path, init) => fetch(`${ORIGIN}${path}`, init), sessionBody(amount), {
    'Idempotency-Key': key,
    'X-Ramp-Intent': secret,
  });

function expectSigned(d: Delivery) {
  // The server runs its sandbox: each event says it is not live, and is taken only when asked to.
  expect(d.event.livemode).toBe(false);
  expect(() => verifyWebhook(d.raw, d.signature, SECRET)).toThrow(/not live/);
  expect(verifyWebhook(d.raw, d.signature, SECRET, { allowTestEvents: true }).id).toBe(d.event.id);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(d.signature);
  expect(m, d.signature).not.toBeNull();
  expect(createHmac('sha256', SECRET).update(`${m![1]}.${d.raw}`).digest('hex')).toBe(m![2]);
}

// Two servers, a browser and a partner's window on a shared machine: more than the default minute.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let dataDir = '';
test.beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ramp-e2e-data-'));
});
test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('an intent locks the hosted checkout, the buy completes and signed webhooks report it', async ({
  page,
}) => {
  // The receiver refuses the first two attempts: the first event must come a third time, same id.
  const receiver = await startReceiver((_event, attempt) => (attempt <= 2 ? 500 : 204));
  const host = await startHost(dataDir);
  try {
    const reference = `order-${Date.now()}`;
    const intent = await mintIntent({
      reference,
      customerId: 'cust_e2e',
      direction: 'buy',
      country: 'US',
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
      amount: '100',
      walletAddress: ETH_WALLET,
    });

    // A browser that changes the intent's amount is refused (a second intent, so the first stays unused).
    const other = await mintIntent({ reference: `${reference}-b`, amount: '100', walletAddress: ETH_WALLET });
    const tampered = await postSession(other.clientSecret, '250', 'e2e-tampered-0001');
    expect(tampered.status).toBe(422);
    expect(await tampered.json()).toMatchObject({ code: 'INTENT_MISMATCH' });

    const checkout = new Checkout(page);
    await page.goto(
      `${ORIGIN}/?${new URLSearchParams({
        intent: intent.clientSecret,
        subdivision: 'US-CA',
        paymentMethod: 'CREDIT_DEBIT_CARD',
        lock: 'subdivision,paymentMethod',
      })}`,
    );
    // Every value of the intent is fixed: the checkout opens on the quotes for $100 of ETH.
    await expect(checkout.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
    for (const name of await checkout.quoteRadios.evaluateAll((rs) =>
      rs.map((r) => r.getAttribute('aria-label')),
    ))
      expect(name).toMatch(/ETH for \$100\.00$/);
    // The order screen shows locked choices read-only: the amount and the crypto cannot be changed.
    await expect(checkout.amount).toHaveValue('100');
    await expect(checkout.amount).not.toBeEditable();
    await expect(checkout.widget.getByRole('combobox', { name: 'Crypto currency' })).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);

    await checkout.chooseQuote('BANXA');
    await checkout.next();
    await Checkout.finishAtPartner(await checkout.launch(), 'Pay');
    await checkout.expectStatus('Completed');

    await expect
      .poll(() => receiver.deliveries.filter((d) => d.answered === 204).map((d) => d.event.type), {
        timeout: 30_000,
      })
      .toContain('transaction.completed');
    const accepted = receiver.deliveries.filter((d) => d.answered === 204).map((d) => d.event);
    expect(accepted[0]!.type).toBe('checkout.session_created');
    expect(accepted.at(-1)!.type).toBe('transaction.completed');
    for (const e of accepted) expect(e.data).toMatchObject({ reference, intentId: intent.id });
    expect(accepted.at(-1)!.data).toMatchObject({
      sourceAmount: '100',
      sourceCurrency: 'USD',
      destinationCurrency: 'ETH',
    });
    for (const d of receiver.deliveries) expectSigned(d);

    const first = receiver.deliveries.filter((d) => d.event.id === accepted[0]!.id);
    expect(first.map((d) => d.answered)).toEqual([500, 500, 204]);

    // One session per intent.
    expect((await postSession(intent.clientSecret, '100', 'e2e-second-0001')).status).toBe(409);

    // The ledger, through the console's Orders view.
    await page.goto(`${ORIGIN}/console?view=orders`);
    await page.getByLabel('Console token').fill(ADMIN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('search', { name: 'Search orders' }).getByLabel('Reference').fill(reference);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Settled');
    await expect(row).toContainText('transaction.completed');
  } finally {
    await host.stop();
    await receiver.close();
  }
});

test('a pending delivery survives the server being killed and arrives after the restart', async () => {
  let up = false;
  const receiver = await startReceiver(() => (up ? 204 : 503));
  let host = await startHost(dataDir);
  try {
    const intent = await mintIntent({ reference: 'order-restart', amount: '100', walletAddress: ETH_WALLET });
    expect((await postSession(intent.clientSecret, '100', 'e2e-restart-0001')).status).toBe(200);
    await expect.poll(() => receiver.deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const id = receiver.deliveries[0]!.event.id;

    await host.stop('SIGKILL');
    up = true;
    host = await startHost(dataDir);
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.answered === 204).map((d) => d.event.id), {
        timeout: 30_000,
      })
      .toContain(id);
    for (const d of receiver.deliveries) expectSigned(d);
  } finally {
    await host.stop();
    await receiver.close();
  }
});
