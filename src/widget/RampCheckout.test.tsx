// @vitest-environment jsdom
// The widget end to end in jsdom: the real server and sandbox behind a fake fetch, a shopper who
// uses only the accessible names of CONTRACTS §3, and the partner's page played by the sandbox.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BTC_WALLET, ETH_WALLET, fakeWindow } from '../ui/steps/test-harness';
import { expectStatus, next, pick, quoteNames, showRouteDetails } from './test-flow';
import { mountWidget, sessionOf } from './test-mount';
import { createTestServer } from '../queries/test-server';

const mount = mountWidget;
const INTENT_SECRET = 'int_abcdefghijklmnop_secret_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

let popup: ReturnType<typeof fakeWindow>;
beforeEach(() => {
  popup = fakeWindow();
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('a buy in the US, in a state where one partner is unavailable', () => {
  it('goes from the first screen to Completed', async () => {
    const w = mount();
    const { user } = w;
    // The view is a chunk of its own: the widget shows once it has loaded.
    expect(await screen.findByRole('region', { name: 'Crypto checkout' })).toBeInTheDocument();
    // One order screen: the country comes from the browser, the currencies and method are defaults.
    await screen.findByRole('heading', { name: 'Buy crypto' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States (US)'),
    );
    await pick(user, 'State', 'New York (US-NY)', 'New');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fiat currency' })).toHaveValue('USD · US Dollar'),
    );
    await pick(user, 'Crypto currency', 'ETH · Ethereum · Ethereum');
    await user.click(await screen.findByRole('radio', { name: 'Credit or debit card' }));
    await screen.findByText(/Between \$15\.00 and \$10,000\.00/);
    // A price before any typing: a round amount within the limits, replaced by the shopper's.
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(amount).toHaveValue('200'));
    await user.clear(amount);
    await user.type(amount, '100');
    // The best offer is selected and shown; the others are one click away in the same group.
    await user.click(await screen.findByRole('button', { name: /^Compare \d+ offers$/ }));

    const names = await waitFor(async () => {
      const n = await quoteNames();
      expect(n.length).toBeGreaterThan(1);
      return n;
    });
    expect(names.every((n) => /^[A-Z][a-z]+: you get [\d.]+\s?ETH for \$100\.00$/.test(n))).toBe(true);
    // Paybis does not serve New York: its quote is absent.
    expect(names.some((n) => n.startsWith('Paybis'))).toBe(false);
    expect(names.some((n) => n.startsWith('Banxa'))).toBe(true);
    const quote = w.server.sent('/payments/crypto/quote', 'POST').at(-1);
    expect(quote?.body).toMatchObject({
      countryCode: 'US',
      subdivision: 'US-NY',
      sourceCurrencyCode: 'USD',
      sourceAmount: 100,
      destinationCurrencyCode: 'ETH',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
    });

    await user.click(screen.getByRole('radio', { name: /^Banxa/ }));
    await next(user, 'Your wallet');
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), ETH_WALLET);
    await next(user, 'Review and continue');
    await user.click(screen.getByRole('button', { name: 'Continue to Banxa' }));

    await expectStatus(/Finish in the Banxa window/);
    const [session] = w.server.sent('/crypto/session/widget', 'POST');
    expect(session?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(session?.body).toEqual({
      sessionType: 'BUY',
      sessionData: {
        serviceProvider: 'BANXA',
        countryCode: 'US',
        subdivision: 'US-NY',
        sourceCurrencyCode: 'USD',
        sourceAmount: '100',
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        walletAddress: ETH_WALLET,
      },
    });
    const { sessionId } = sessionOf(w.events);
    expect(popup.url).toBe(`http://localhost/api/ramp/sandbox/provider/checkout/${sessionId}`);
    expect(popup.opener).toBeNull();

    expect(await w.server.act(sessionId, 'pay')).toBe(303);
    await expectStatus('Completed');
    const reads = w.server.sent('/payments/transactions');
    expect(reads.every((r) => typeof r.headers['x-ramp-tracking'] === 'string')).toBe(true);
    expect(reads[0]?.path).toBe(`/payments/transactions/sessions/${sessionId}`);

    const types = w.events.map((e) => e.type);
    for (const t of ['ready', 'stepChanged', 'quotesUpdated', 'quoteSelected', 'sessionCreated'] as const)
      expect(types).toContain(t);
    expect(w.events).toContainEqual({ type: 'providerLaunched', partner: 'BANXA', mode: 'popup' });
    expect(w.events.at(-1)).toMatchObject({ type: 'completed', sessionId, status: 'SETTLED' });
    expect(JSON.stringify(w.events)).not.toMatch(/trackingToken|tracking/i);
  });
});

describe('a sell', () => {
  it('goes from the first screen to Completed, the amount in crypto checked against fiat limits', async () => {
    const w = mount({ direction: 'sell', country: 'GB' });
    const { user } = w;
    await screen.findByRole('heading', { name: 'Sell crypto' });
    await showRouteDetails(user);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom (GB)'),
    );
    await pick(user, 'Fiat currency', 'GBP · British Pound');
    await pick(user, 'Crypto currency', 'BTC · Bitcoin · Bitcoin');
    // Selling, the method is how the shopper is paid.
    const payout = await screen.findByRole('radiogroup', { name: 'Payout method' });
    expect(screen.getByText('You sell')).toBeInTheDocument();
    await user.click(within(payout).getByRole('radio', { name: 'Faster Payments' }));
    await screen.findByText(/You receive between £/);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '0.01');
    // 0.01 BTC ≈ £750: once quoted, "You get" shows the best offer and the limits convert to BTC.
    await screen.findAllByText(/^£[\d,]+\.\d\d$/, undefined, { timeout: 3000 });
    await screen.findByText(/You receive between £.* \(about .*BTC to .*BTC\)/);
    await user.clear(amount);
    await user.type(amount, '5');
    expect(await screen.findByRole('alert', undefined, { timeout: 3000 })).toHaveTextContent(
      /The maximum is £[\d,]+\.00/,
    );
    await user.clear(amount);
    await user.type(amount, '0.01');
    expect((await quoteNames())[0]).toMatch(/^[A-Z][a-z]+: you get £[\d,.]+ for 0\.01\sBTC$/);
    await next(user, 'Your wallet');
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), BTC_WALLET);
    await next(user, 'Review and continue');
    await user.click(screen.getByRole('button', { name: /^Continue to / }));
    const { sessionId } = await waitFor(() => sessionOf(w.events));
    const [session] = w.server.sent('/crypto/session/widget', 'POST');
    expect(session?.body).toMatchObject({
      sessionType: 'SELL',
      sessionData: {
        countryCode: 'GB',
        sourceCurrencyCode: 'BTC',
        sourceAmount: '0.01',
        destinationCurrencyCode: 'GBP',
        paymentMethodType: 'FASTER_PAYMENTS',
        walletAddress: BTC_WALLET,
      },
    });
    await w.server.act(sessionId, 'pay');
    await expectStatus('Completed');
  });
});

describe('a checkout intent minted without a direction', () => {
  it('is a buy: the order screen offers no sell', async () => {
    const intent = {
      reference: 'order-42',
      amount: '100',
      fiatCurrency: 'USD',
      expiresAt: '2099-01-01T00:00:00Z',
    };
    const server = createTestServer();
    const fetchFn: typeof fetch = async (input, init) =>
      String(input).endsWith('/intents/current') ? Response.json({ intent }) : server.fetch(input, init);
    const w = mount(
      { intent: INTENT_SECRET, country: 'US', subdivision: 'US-NY' },
      { fetch: fetchFn },
      server,
    );
    await screen.findByRole('heading', { name: 'Buy crypto' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('100'));
    expect(screen.queryByRole('radiogroup', { name: 'Direction' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Sell' })).toBeNull();
    expect(w.events.filter((e) => e.type === 'error')).toEqual([]);
  });
});
