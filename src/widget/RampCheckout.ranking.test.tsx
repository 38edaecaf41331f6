// @vitest-environment jsdom
// The learned ranking (issue 27) as a shopper sees it: the widget over createRampServer and an
// in-process sandbox, on a ledger where 25 of partner A's orders failed and 25 of partner B's
// settled (A, the sandbox's best quote, gives slightly more). The server's half, the rates from paid
// orders, is src/server/merchant/completion.test.ts; here the ledger is seeded directly.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../api/types';
import type { RampServer } from '../server';
import { openEmbeddedLedger } from '../server/storage/ledger';
import { order } from '../server/testing/ledger-records';
import { testServer } from '../server/testing/server';
import { mountWidget, PREFILLED } from './test-mount';

const TERMS = { countryCode: 'US', sourceCurrencyCode: 'USD', destinationCurrencyCode: 'ETH' };

let ramp: RampServer;
/** The widget's fetch: the server's, from one shopper's address. */
const fetchOf =
  (server: RampServer): typeof fetch =>
  (input, init) =>
    server.fetch(
      new Request(new URL(String(input), 'http://localhost'), {
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      }),
      { ip: '203.0.113.27' },
    );

/** The sandbox's two best offers by value for the widget's order (US-NY, card, $100). */
async function topTwo(server: RampServer): Promise<[string, string]> {
  const res = await fetchOf(server)('/api/ramp/payments/crypto/quote', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...TERMS,
      subdivision: 'US-NY',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
      sourceAmount: 100,
      walletAddress: PREFILLED.walletAddress,
    }),
  });
  const body = (await res.json()) as { quotes: Quote[] };
  if (!body.quotes) throw new Error(`quote: ${res.status} ${JSON.stringify(body)}`);
  const { quotes } = body;
  const [a, b] = [...quotes].sort((x, y) => y.destinationAmount - x.destinationAmount);
  return [a!.serviceProvider, b!.serviceProvider];
}

let A: string;
let B: string;
beforeAll(async () => {
  const ledger = await openEmbeddedLedger(null);
  // A first server finds the two best offers; the second, on the same upstream (a sandbox), has the
  // seeded ledger from its start (completion rates are cached once read).
  const probe = testServer({ upstream: 'remote-sandbox', clock: 'system' });
  [A, B] = await topTwo(probe.server);
  await probe.close();
  const at = Date.now() - 60_000;
  for (let i = 0; i < 25; i++) {
    for (const [partner, status] of [
      [A, 'FAILED'],
      [B, 'SETTLED'],
    ] as const) {
      const ended = { partner, status, terminal: true, paymentMethod: 'CREDIT_DEBIT_CARD', createdAt: at };
      await ledger.orders.record(order(`ses_${partner}_${i}`, ended), []);
    }
  }
  ramp = testServer({
    upstream: 'remote-sandbox',
    sandbox: { reuse: probe.sandbox },
    ledger,
    clock: 'system',
  }).server;
});

const title = (partner: string) => partner[0] + partner.slice(1).toLowerCase();
/** The name of the offer the best-offer region shows selected. */
const best = async () => {
  const region = await screen.findByRole('region', { name: 'Best offer' }, { timeout: 5000 });
  const checked = await within(region).findByRole('radio', { checked: true }, { timeout: 5000 });
  return checked.getAttribute('aria-label') ?? '';
};
/** The card of a partner's offer (the radio's description). */
const card = (partner: string) => {
  const radio = screen.getByRole('radio', { name: new RegExp(`^${title(partner)}:`) });
  return document.getElementById(radio.getAttribute('aria-describedby')!)!;
};

describe('the learned ranking in the widget', () => {
  it('puts B first once A’s orders fail here, and B’s card says how often its orders complete', async () => {
    mountWidget(PREFILLED, { fetch: fetchOf(ramp) });
    await waitFor(async () => expect(await best()).toMatch(new RegExp(`^${title(B)}:`)), { timeout: 5000 });
    // (25 + 10 × 0.5) / (25 + 10): the rate smoothed toward the route's.
    expect(card(B)).toHaveTextContent('Completes for 86% of shoppers here');
  });

  it('with ranking "value", A (which gives the most) is first again', async () => {
    mountWidget({ ...PREFILLED, ranking: 'value' }, { fetch: fetchOf(ramp) });
    await waitFor(async () => expect(await best()).toMatch(new RegExp(`^${title(A)}:`)), { timeout: 5000 });
    expect(card(A)).toHaveTextContent('Completes for 14% of shoppers here');
  });
});
