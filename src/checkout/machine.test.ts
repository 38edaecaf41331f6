import { describe, expect, it } from 'vitest';
import {
  BUY_STEPS,
  ETH_WALLET,
  FACTS,
  SEED,
  SOL_WALLET,
  T0,
  buyAt,
  quote,
  run,
  runWith,
  start,
} from './test-fixtures';
import type { CheckoutEvent } from './events';
import { selectedQuote } from './guards';
import { next as machineNext } from './machine';
import type { CheckoutState, Facts, Step } from './state';

/** An event with what the data says (the buy's facts unless a test says otherwise). */
const next = (s: CheckoutState, e: CheckoutEvent, facts: Facts = FACTS) => machineNext(s, e, facts);

const at = (ms = 0): number => T0 + ms;
const CONTINUE = (ms = 0): CheckoutEvent => ({ type: 'CONTINUE', at: at(ms) });

describe('initialState', () => {
  it('starts at the direction step with nothing chosen', () => {
    const s = start();
    expect(s.step).toBe('direction');
    expect(s.directions).toEqual(['buy', 'sell']);
    expect(s.selection).toEqual(expect.objectContaining({ direction: 'buy' }));
    expect(s.skipped).toEqual([]);
    expect(s.locked).toEqual([]);
    expect(s.launch).toEqual({ keySeed: SEED, phase: 'idle' });
    expect(s.prefs.quoteTtlMs).toBe(60_000);
  });

  it('skips the direction step when one direction is allowed or it is locked', () => {
    expect(start({ directions: ['sell'] })).toMatchObject({ step: 'country', skipped: ['direction'] });
    expect(start({ direction: 'sell', locked: ['direction'] })).toMatchObject({
      step: 'country',
      skipped: ['direction'],
      directions: ['sell'],
      selection: { direction: 'sell' },
    });
  });

  it('ignores a direction outside the allowed ones', () => {
    expect(start({ direction: 'buy', directions: ['sell'] }).selection.direction).toBe('sell');
  });

  it('normalises prefilled values and drops unusable ones', () => {
    const s = start({
      prefill: {
        country: 'us',
        subdivision: 'CA-ON',
        fiatCurrency: 'usd',
        cryptoCurrency: 'eth',
        network: 'ethereum',
        paymentMethod: 'Credit card',
        amount: '1,000.50',
        walletAddress: `  ${ETH_WALLET} `,
      },
    });
    expect(s.selection).toEqual({
      direction: 'buy',
      country: 'US',
      subdivision: undefined,
      fiatCurrency: 'USD',
      crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' },
      network: 'ETHEREUM',
      paymentMethod: undefined,
      amount: '1000.5',
      walletAddress: ETH_WALLET,
    });
    expect(s.prefill).toBe(s.selection);
  });

  it('drops locks on fields without a value', () => {
    const s = start({ prefill: { country: 'US' }, locked: ['country', 'fiatCurrency', 'walletAddress'] });
    expect(s.locked).toEqual(['country']);
  });

  it.each<[string, Parameters<typeof start>[0], Step[], Step]>([
    [
      'a locked country that needs no subdivision',
      { prefill: { country: 'DE' }, locked: ['country'], requiresSubdivision: false },
      ['country'],
      'direction',
    ],
    [
      'a locked country whose subdivision need is unknown',
      { prefill: { country: 'US' }, locked: ['country'] },
      [],
      'direction',
    ],
    [
      'a locked country and subdivision',
      { prefill: { country: 'US', subdivision: 'US-NY' }, locked: ['country', 'subdivision'] },
      ['country'],
      'direction',
    ],
    [
      'locked currencies need the network locked too',
      { prefill: { fiatCurrency: 'USD', cryptoCurrency: 'ETH' }, locked: ['fiatCurrency', 'cryptoCurrency'] },
      [],
      'direction',
    ],
    [
      'locked currencies and network',
      {
        prefill: { fiatCurrency: 'USD', cryptoCurrency: 'ETH', network: 'ETHEREUM' },
        locked: ['fiatCurrency', 'cryptoCurrency', 'network'],
      },
      ['currencies'],
      'direction',
    ],
    [
      'a locked method',
      { prefill: { paymentMethod: 'SEPA' }, locked: ['paymentMethod'] },
      ['paymentMethod'],
      'direction',
    ],
    [
      'a locked wallet',
      { prefill: { walletAddress: ETH_WALLET }, locked: ['walletAddress'] },
      ['wallet'],
      'direction',
    ],
    [
      'everything fixed up to the quotes (the amount awaits limits, which does not stop it)',
      {
        directions: ['buy'],
        requiresSubdivision: false,
        prefill: {
          country: 'DE',
          fiatCurrency: 'EUR',
          cryptoCurrency: 'ETH',
          network: 'ETHEREUM',
          paymentMethod: 'SEPA',
          amount: '100',
          walletAddress: ETH_WALLET,
        },
        locked: [
          'country',
          'fiatCurrency',
          'cryptoCurrency',
          'network',
          'paymentMethod',
          'amount',
          'walletAddress',
        ],
      },
      ['direction', 'country', 'currencies', 'paymentMethod', 'amount', 'wallet'],
      'quotes',
    ],
  ])('skips steps for %s', (_, init, skipped, step) => {
    const s = start(init);
    expect(s.skipped).toEqual(skipped);
    expect(s.step).toBe(step);
  });

  it('starts at a skipped step whose fixed value fails, so the shopper sees why', () => {
    const s = start({ directions: ['buy'], prefill: { country: 'x1' }, locked: ['country'] });
    expect(s.locked).toEqual([]);
    const zero = start({ directions: ['buy'], prefill: { amount: '0' }, locked: ['amount'] });
    expect(zero.skipped).toContain('amount');
    // Steps before the amount are shown, so the run starts there; the amount then blocks on CONTINUE.
    expect(zero.step).toBe('country');
  });

  it('takes the quote TTL when valid', () => {
    expect(start({ quoteTtlMs: 30_000 }).prefs.quoteTtlMs).toBe(30_000);
    expect(start({ quoteTtlMs: -1 }).prefs.quoteTtlMs).toBe(60_000);
  });
});

describe('CONTINUE guards, step by step', () => {
  type Row = [step: Step, description: string, setup: CheckoutEvent[], expected: Step];
  const rows: Row[] = [
    ['direction', 'a direction is always chosen', [], 'country'],
    ['country', 'no country', [], 'country'],
    [
      'country',
      'a country that needs a subdivision, without one',
      [BUY_STEPS.country[0] as CheckoutEvent],
      'country',
    ],
    ['country', 'country and subdivision', BUY_STEPS.country, 'currencies'],
    ['currencies', 'fiat only', [BUY_STEPS.currencies[0] as CheckoutEvent], 'currencies'],
    ['currencies', 'crypto only', [BUY_STEPS.currencies[1] as CheckoutEvent], 'currencies'],
    ['currencies', 'fiat and crypto', BUY_STEPS.currencies, 'paymentMethod'],
    ['paymentMethod', 'no method', [], 'paymentMethod'],
    ['paymentMethod', 'a method', BUY_STEPS.paymentMethod, 'amount'],
    ['amount', 'no amount', [], 'amount'],
    ['amount', 'below the minimum', [{ type: 'SET_AMOUNT', text: '9.99' }], 'amount'],
    ['amount', 'above the maximum', [{ type: 'SET_AMOUNT', text: '5000.01' }], 'amount'],
    ['amount', 'too many decimals', [{ type: 'SET_AMOUNT', text: '10.001' }], 'amount'],
    ['amount', 'exactly the minimum', [{ type: 'SET_AMOUNT', text: '10.00' }], 'quotes'],
    ['quotes', 'the best offer, none picked', [], 'wallet'],
    ['quotes', 'a picked offer', BUY_STEPS.quotes, 'wallet'],
    ['wallet', 'no wallet', [], 'wallet'],
    [
      'wallet',
      'a Solana address for an Ethereum crypto',
      [{ type: 'SET_WALLET', address: SOL_WALLET }],
      'wallet',
    ],
    [
      'wallet',
      'a mistyped checksum',
      [{ type: 'SET_WALLET', address: ETH_WALLET.replace('aA', 'Aa') }],
      'wallet',
    ],
    ['wallet', 'a valid address', BUY_STEPS.wallet, 'launch'],
  ];

  it.each(rows)('%s with %s → %s', (step, _, setup, expected) => {
    const before = run(buyAt(step as keyof typeof BUY_STEPS), ...setup);
    expect(before.step).toBe(step);
    const after = next(before, CONTINUE());
    expect(after.step).toBe(expected);
    if (expected === step) expect(after).toBe(before);
  });

  it('asks a subdivision only where the data says the country needs one', () => {
    const de = run(buyAt('country'), { type: 'SET_COUNTRY', country: 'DE' });
    expect(next(de, CONTINUE())).toBe(de);
    expect(next(de, CONTINUE(), { ...FACTS, requiresSubdivision: false }).step).toBe('currencies');
  });

  it('needs the limits before an amount can be judged', () => {
    const loading = { ...FACTS, limits: undefined };
    const s = runWith(
      loading,
      buyAt('paymentMethod'),
      { type: 'SET_PAYMENT_METHOD', method: 'SEPA' },
      CONTINUE(),
      {
        type: 'SET_AMOUNT',
        text: '100',
      },
    );
    expect(s.step).toBe('amount');
    expect(next(s, CONTINUE(), loading).step).toBe('amount');
    expect(next(s, CONTINUE(), { ...FACTS, limits: null }).step).toBe('quotes');
  });

  it('needs an offer: none while the quotes are on their way, nor when no partner quotes', () => {
    const s = buyAt('quotes');
    expect(next(s, CONTINUE(), { ...FACTS, quotes: undefined })).toBe(s);
    expect(next(s, CONTINUE(), { ...FACTS, quotes: [] })).toBe(s);
    expect(next(s, CONTINUE(), { ...FACTS, quotes: [quote({ destinationCurrencyCode: 'BTC' })] })).toBe(s);
  });

  it('refuses quotes older than the TTL at the event time', () => {
    const s = buyAt('quotes');
    const selected = next(s, { type: 'SELECT_QUOTE', partner: 'PAYBIS' });
    expect(next(selected, CONTINUE(60_000)).step).toBe('wallet');
    expect(next(selected, CONTINUE(60_001))).toBe(selected);
  });

  it('sends the shopper back to the quotes when the quote expired before leaving the wallet step', () => {
    const s = run(buyAt('wallet'), ...BUY_STEPS.wallet);
    expect(next(s, CONTINUE(61_000)).step).toBe('quotes');
  });

  it('does nothing on the launch step (SESSION_REQUESTED launches)', () => {
    const s = buyAt('launch');
    expect(next(s, CONTINUE())).toBe(s);
  });
});

describe('locked fields', () => {
  const locked = () =>
    start({
      prefill: {
        country: 'US',
        subdivision: 'US-NY',
        fiatCurrency: 'USD',
        cryptoCurrency: 'ETH',
        network: 'ETHEREUM',
        paymentMethod: 'CREDIT_DEBIT_CARD',
        amount: '100',
        walletAddress: ETH_WALLET,
      },
      direction: 'buy',
      locked: [
        'direction',
        'country',
        'subdivision',
        'fiatCurrency',
        'cryptoCurrency',
        'network',
        'paymentMethod',
        'amount',
        'walletAddress',
      ],
    });

  it.each<CheckoutEvent>([
    { type: 'SET_DIRECTION', direction: 'sell' },
    { type: 'SET_COUNTRY', country: 'DE' },
    { type: 'SET_SUBDIVISION', subdivision: 'US-CA' },
    { type: 'SET_SUBDIVISION', subdivision: '' },
    { type: 'SET_FIAT', fiatCurrency: 'EUR' },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM' } },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'BASE' } },
    { type: 'SET_PAYMENT_METHOD', method: 'APPLE_PAY' },
    { type: 'SET_AMOUNT', text: '200' },
    { type: 'SET_AMOUNT', text: '' },
    { type: 'SET_WALLET', address: '0xde709f2102306220921060314715629080e2fb77' },
  ])('ignores %j', (event) => {
    const s = locked();
    expect(next(s, event)).toBe(s);
  });

  it('accepts the locked value again, changing nothing', () => {
    const s = locked();
    const again = run(
      s,
      { type: 'SET_COUNTRY', country: 'US' },
      { type: 'SET_FIAT', fiatCurrency: 'USD' },
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' } },
    );
    expect(again).toBe(s);
  });

  it('keeps a locked field when what it depends on changes', () => {
    const s = run(
      start({
        prefill: { fiatCurrency: 'USD', paymentMethod: 'CREDIT_DEBIT_CARD' },
        locked: ['fiatCurrency'],
      }),
      { type: 'SET_COUNTRY', country: 'US' },
      { type: 'SET_FIAT', fiatCurrency: 'USD' },
      { type: 'SET_COUNTRY', country: 'CA' },
    );
    expect(s.selection.fiatCurrency).toBe('USD');
    // The method depends on the country too (methods are listed per country).
    expect(s.selection.paymentMethod).toBeUndefined();
  });

  it('a locked network only admits cryptos on that chain', () => {
    const s = start({ prefill: { network: 'SOLANA', country: 'US' }, locked: ['network'] });
    expect(next(s, { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM' } })).toBe(s);
    const sol = next(s, { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'SOLANA' } });
    expect(sol.selection.crypto).toEqual({ currencyCode: 'USDC', chainCode: 'SOLANA' });
    // Clearing the crypto keeps the locked network as the list filter.
    const moved = next(sol, { type: 'SET_COUNTRY', country: 'DE' });
    expect(moved.selection).toMatchObject({ crypto: undefined, network: 'SOLANA' });
  });
});

describe('choices', () => {
  it('normalises codes and rejects malformed ones', () => {
    const s = start();
    expect(next(s, { type: 'SET_COUNTRY', country: 'usa' })).toBe(s);
    expect(next(s, { type: 'SET_FIAT', fiatCurrency: '' })).toBe(s);
    expect(next(s, { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: ' ' } })).toBe(s);
    const c = run(
      s,
      { type: 'SET_COUNTRY', country: ' us ' },
      { type: 'SET_FIAT', fiatCurrency: 'usd' },
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'usdc', chainCode: 'solana', contract: ' EPjF ' } },
    );
    expect(c.selection).toMatchObject({
      country: 'US',
      fiatCurrency: 'USD',
      crypto: { currencyCode: 'USDC', chainCode: 'SOLANA', contract: 'EPjF' },
      network: 'SOLANA',
    });
  });

  it('accepts only subdivisions of the chosen country, and clears one with an empty value', () => {
    const us = run(start(), { type: 'SET_COUNTRY', country: 'US' });
    expect(next(us, { type: 'SET_SUBDIVISION', subdivision: 'CA-ON' })).toBe(us);
    expect(next(us, { type: 'SET_SUBDIVISION', subdivision: 'NY' })).toBe(us);
    const ny = next(us, { type: 'SET_SUBDIVISION', subdivision: 'us-ny' });
    expect(ny.selection.subdivision).toBe('US-NY');
    expect(next(ny, { type: 'SET_SUBDIVISION', subdivision: '' }).selection.subdivision).toBeUndefined();
  });

  it('accepts only canonical payment methods, never display names', () => {
    const s = start();
    for (const name of ['Credit Card', 'Apple Pay', 'card', 'SEPA transfer', '']) {
      expect(next(s, { type: 'SET_PAYMENT_METHOD', method: name })).toBe(s);
    }
    expect(next(s, { type: 'SET_PAYMENT_METHOD', method: 'APPLE_PAY' }).selection.paymentMethod).toBe(
      'APPLE_PAY',
    );
  });

  it('stores the amount as a canonical decimal in the source currency, parsed in the given locale', () => {
    const s = buyAt('amount');
    expect(next(s, { type: 'SET_AMOUNT', text: '1.234,50', locale: 'de' }).selection.amount).toBe('1234.5');
    // Garbage leaves no amount; more decimals than the fiat has are kept, and the guard refuses them.
    expect(next(s, { type: 'SET_AMOUNT', text: '1e3' }).selection.amount).toBeUndefined();
    const fine = next(s, { type: 'SET_AMOUNT', text: '10.555' });
    expect(fine.selection.amount).toBe('10.555');
    expect(next(fine, CONTINUE())).toBe(fine);
    // The same value in another spelling changes nothing.
    const set = next(s, { type: 'SET_AMOUNT', text: '100' });
    expect(next(set, { type: 'SET_AMOUNT', text: '100.00' })).toBe(set);
  });

  it('stores the wallet trimmed', () => {
    const s = next(buyAt('wallet'), { type: 'SET_WALLET', address: `\t${ETH_WALLET}  ` });
    expect(s.selection.walletAddress).toBe(ETH_WALLET);
    expect(next(s, { type: 'SET_WALLET', address: '   ' }).selection.walletAddress).toBeUndefined();
  });

  it('ignores directions that are not allowed', () => {
    const s = start({ directions: ['buy'] });
    expect(next(s, { type: 'SET_DIRECTION', direction: 'sell' })).toBe(s);
  });
});

describe('facts: what the data says, passed with each event', () => {
  it('are never kept: the state has no limits, rate, decimals nor quotes', () => {
    const s = buyAt('launch');
    expect(JSON.stringify(s)).not.toMatch(
      /limits|fiatPerCrypto|Decimals|destinationAmount|requiresSubdivision/,
    );
    expect(Object.keys(s.prefs).sort()).toEqual(['amountBy', 'quoteTtlMs']);
    expect(s.selection.offer).toBe('PAYBIS');
  });

  it('moves the shopper back when a choice made with them makes an earlier step fail', () => {
    const s = run(buyAt('wallet'), ...BUY_STEPS.wallet);
    // The merchant changes the amount to one the limits reject: back to the amount.
    const tight = { ...FACTS, limits: { currencyCode: 'USD', min: 200, max: 900 } };
    expect(next(s, { type: 'SET_AMOUNT', text: '150', byHost: true }, tight).step).toBe('amount');
    // Limits still on their way do not count.
    expect(
      next(s, { type: 'SET_AMOUNT', text: '150', byHost: true }, { ...FACTS, limits: undefined }).step,
    ).toBe('wallet');
  });

  it('check a sell amount against the fiat limits once the rate is known', () => {
    const sell = runWith(
      { limits: { currencyCode: 'EUR', min: 50, max: 5000 } },
      start({ direction: 'sell', directions: ['sell'] }),
      { type: 'SET_COUNTRY', country: 'DE' },
      CONTINUE(),
      { type: 'SET_FIAT', fiatCurrency: 'EUR' },
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' } },
      CONTINUE(),
      { type: 'SET_PAYMENT_METHOD', method: 'SEPA' },
      CONTINUE(),
      { type: 'SET_AMOUNT', text: '0.02' },
    );
    expect(sell.step).toBe('amount');
    const limits = { currencyCode: 'EUR', min: 50, max: 5000 };
    const offer = quote({ sourceCurrencyCode: 'ETH', destinationCurrencyCode: 'EUR' });
    // 0.02 ETH × 2000 EUR = 40 EUR, below the 50 EUR minimum.
    expect(next(sell, CONTINUE(), { limits, fiatPerCrypto: 2000, quotes: [offer] })).toBe(sell);
    expect(next(sell, CONTINUE(), { limits, fiatPerCrypto: 3000, quotes: [offer] }).step).toBe('quotes');
  });
});

describe('quotes', () => {
  it('choose only an offer for the current currencies, once the quote inputs are valid', () => {
    expect(selectedQuote(buyAt('amount'), FACTS)).toBeUndefined();
    expect(selectedQuote(buyAt('quotes'), FACTS)?.serviceProvider).toBe('PAYBIS');
    const btc = { ...FACTS, quotes: [quote({ destinationCurrencyCode: 'BTC' })] };
    expect(selectedQuote(buyAt('quotes'), btc)).toBeUndefined();
    expect(next(buyAt('quotes'), { type: 'SELECT_QUOTE', partner: 'PAYBIS' }, btc)).toEqual(buyAt('quotes'));
  });

  it('count while the limits are still loading; limits that reject the amount withdraw the offer', () => {
    const s = buyAt('quotes');
    expect(selectedQuote(s, { ...FACTS, limits: undefined })?.serviceProvider).toBe('PAYBIS');
    const tight = { ...FACTS, limits: { currencyCode: 'USD', min: 500, max: 900 } };
    expect(selectedQuote(s, tight)).toBeUndefined();
  });

  it('a picked offer holds while its partner quotes, and is gone with it', () => {
    const picked = run(buyAt('quotes'), { type: 'SELECT_QUOTE', partner: 'PAYBIS' });
    const renewed = { ...FACTS, quotes: [quote({ destinationAmount: 0.031 })], quotesAt: at(30_000) };
    expect(selectedQuote(picked, renewed)?.destinationAmount).toBe(0.031);
    expect(
      selectedQuote(picked, { ...FACTS, quotes: [quote({ serviceProvider: 'BANXA' })] }),
    ).toBeUndefined();
  });

  it('a refresh keeps the shopper going after the first quotes would have expired', () => {
    const s = run(buyAt('wallet'), ...BUY_STEPS.wallet);
    expect(next(s, CONTINUE(61_000)).step).toBe('quotes');
    expect(next(s, CONTINUE(61_000), { ...FACTS, quotesAt: at(30_000) }).step).toBe('launch');
  });
});

describe('navigation', () => {
  const order: Step[] = [
    'direction',
    'country',
    'currencies',
    'paymentMethod',
    'amount',
    'quotes',
    'wallet',
    'launch',
  ];

  it.each(order.slice(1).map((step, i) => [step, order[i] as Step]))(
    'BACK from %s goes to %s',
    (step, previous) => {
      const s = buyAt(step as keyof typeof BUY_STEPS);
      expect(s.step).toBe(step);
      expect(next(s, { type: 'BACK' }).step).toBe(previous);
    },
  );

  it('BACK on the first shown step does nothing', () => {
    const s = start();
    expect(next(s, { type: 'BACK' })).toBe(s);
    const sellOnly = start({ directions: ['sell'] });
    expect(next(sellOnly, { type: 'BACK' })).toBe(sellOnly);
  });

  it('BACK and CONTINUE pass over skipped steps', () => {
    const s = run(
      start({
        prefill: { paymentMethod: 'CREDIT_DEBIT_CARD', amount: '100' },
        locked: ['paymentMethod', 'amount'],
      }),
      CONTINUE(),
      ...BUY_STEPS.country,
      CONTINUE(),
      ...BUY_STEPS.currencies,
    );
    expect(s.step).toBe('currencies');
    // The amount awaits limits (pending): CONTINUE passes over both fixed steps.
    const atQuotes = next(s, CONTINUE());
    expect(atQuotes.step).toBe('quotes');
    expect(next(atQuotes, { type: 'BACK' }).step).toBe('currencies');
    // Once limits show the fixed amount fails, CONTINUE stops on it, read-only.
    const tight = { ...FACTS, limits: { currencyCode: 'USD', min: 500, max: 900 } };
    const tooLow = next(s, CONTINUE(), tight);
    expect(tooLow.step).toBe('amount');
    expect(next(tooLow, CONTINUE(), tight)).toBe(tooLow);
    expect(next(tooLow, { type: 'BACK' }, tight).step).toBe('currencies');
  });

  it('GO_TO only goes to an earlier step that is shown', () => {
    const s = run(start({ prefill: { paymentMethod: 'SEPA' }, locked: ['paymentMethod'] }));
    const atWallet = buyAt('wallet', s);
    expect(atWallet.step).toBe('wallet');
    expect(next(atWallet, { type: 'GO_TO', step: 'country' }).step).toBe('country');
    expect(next(atWallet, { type: 'GO_TO', step: 'paymentMethod' })).toBe(atWallet);
    expect(next(atWallet, { type: 'GO_TO', step: 'launch' })).toBe(atWallet);
    expect(next(atWallet, { type: 'GO_TO', step: 'status' })).toBe(atWallet);
    expect(next(atWallet, { type: 'GO_TO', step: 'wallet' })).toBe(atWallet);
  });

  it('going back keeps the choices, so going forward again needs no re-entry', () => {
    const s = buyAt('launch');
    const back = run(s, { type: 'GO_TO', step: 'country' });
    const forward = run(back, CONTINUE(), CONTINUE(), CONTINUE(), CONTINUE(), CONTINUE(), CONTINUE());
    expect(forward.step).toBe('launch');
    expect(forward.selection).toEqual(s.selection);
  });

  it('an earlier change sends the shopper back to the first step it undid', () => {
    const s = run(buyAt('wallet'), ...BUY_STEPS.wallet);
    // A new amount drops the picked offer; the new amount's quotes still on their way do not send
    // the shopper back, an amount the limits reject does.
    const amount = next(s, { type: 'SET_AMOUNT', text: '200' }, { ...FACTS, quotes: undefined });
    expect(amount.selection.offer).toBeUndefined();
    expect(amount.step).toBe('wallet');
    const limits = { currencyCode: 'USD', min: 300, max: 900 };
    expect(next(s, { type: 'SET_AMOUNT', text: '200' }, { ...FACTS, limits }).step).toBe('amount');
    expect(next(s, { type: 'SET_FIAT', fiatCurrency: 'EUR' }).step).toBe('paymentMethod');
    expect(next(s, { type: 'SET_WALLET', address: 'nope' }).step).toBe('wallet');
  });
});

describe('launch', () => {
  const requested = () => next(buyAt('launch'), { type: 'SESSION_REQUESTED', at: at(1_000) });
  const session = {
    id: 'sess_1',
    widgetUrl: 'https://partner.example/checkout/sess_1',
    trackingToken: 'tok',
  };

  it('requests a session with an idempotency key when every guard holds', () => {
    const s = requested();
    expect(s.launch.phase).toBe('creating');
    expect(s.launch.idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('re-checks the quote freshness at launch and returns to the quotes when it expired', () => {
    const s = next(buyAt('launch'), { type: 'SESSION_REQUESTED', at: at(60_001) });
    expect(s.step).toBe('quotes');
    expect(s.launch.phase).toBe('idle');
  });

  it('ignores SESSION_REQUESTED away from the launch step and while creating', () => {
    const s = buyAt('wallet');
    expect(next(s, { type: 'SESSION_REQUESTED', at: at() })).toBe(s);
    const creating = requested();
    expect(next(creating, { type: 'SESSION_REQUESTED', at: at(2_000) })).toBe(creating);
  });

  it('goes creating → created → launched, then tracks the session', () => {
    const created = next(requested(), { type: 'SESSION_CREATED', session });
    expect(created.launch).toMatchObject({ phase: 'created', session });
    expect(created.step).toBe('launch');
    const launched = next(created, { type: 'LAUNCHED' });
    expect(launched.step).toBe('status');
    expect(launched.launch.phase).toBe('launched');
    // The session to follow; its transaction is read by the queries.
    expect(launched.tracking).toEqual({ sessionId: 'sess_1', trackingToken: 'tok' });
  });

  it('refuses a session whose widget URL is not http(s)', () => {
    const s = next(requested(), {
      type: 'SESSION_CREATED',
      session: { ...session, widgetUrl: 'javascript:alert(1)' },
    });
    expect(s.launch).toMatchObject({ phase: 'failed', error: { code: 'INVALID_SESSION' } });
    expect(next(s, { type: 'LAUNCHED' })).toBe(s);
  });

  it('retries a failed request with the same key; a changed request gets a new one', () => {
    const first = requested();
    const failed = next(first, {
      type: 'SESSION_FAILED',
      error: { code: 'NETWORK_ERROR', message: 'offline' },
    });
    expect(failed.launch).toMatchObject({ phase: 'failed', error: { code: 'NETWORK_ERROR' } });
    const retry = next(failed, { type: 'SESSION_REQUESTED', at: at(2_000) });
    expect(retry.launch.phase).toBe('creating');
    expect(retry.launch.idempotencyKey).toBe(first.launch.idempotencyKey);

    const changed = run(
      failed,
      { type: 'GO_TO', step: 'amount' },
      { type: 'SET_AMOUNT', text: '150' },
      CONTINUE(),
      { type: 'SELECT_QUOTE', partner: 'PAYBIS' },
      CONTINUE(3_000),
      CONTINUE(3_000),
      { type: 'SESSION_REQUESTED', at: at(3_000) },
    );
    expect(changed.launch.phase).toBe('creating');
    expect(changed.launch.idempotencyKey).not.toBe(first.launch.idempotencyKey);
  });

  it('keeps a failed attempt said while the price refreshes', () => {
    const failed = next(requested(), {
      type: 'SESSION_FAILED',
      error: { code: 'SESSION_TIMEOUT', message: 'no session in time' },
    });
    // A refreshed price comes with the facts of the next event: the attempt stays said.
    const refreshed = { ...FACTS, quotes: [quote({ destinationAmount: 0.031 })], quotesAt: at(1_000) };
    expect(selectedQuote(failed, refreshed)?.destinationAmount).toBe(0.031);
    expect(failed.launch).toMatchObject({ phase: 'failed', error: { code: 'SESSION_TIMEOUT' } });
    const again = next(failed, { type: 'SESSION_REQUESTED', at: at(2_000) }, refreshed);
    expect(again.launch.phase).toBe('creating');
    // The same terms, the same key: a session the server made meanwhile is replayed, not doubled.
    expect(again.launch.idempotencyKey).toBe(failed.launch.idempotencyKey);
  });

  it('ignores launch results out of order', () => {
    const idle = buyAt('launch');
    expect(next(idle, { type: 'SESSION_CREATED', session })).toBe(idle);
    expect(next(idle, { type: 'SESSION_FAILED', error: { code: 'X', message: 'x' } })).toBe(idle);
    expect(next(idle, { type: 'LAUNCHED' })).toBe(idle);
    const creating = requested();
    expect(next(creating, { type: 'LAUNCHED' })).toBe(creating);
  });

  it('BACK before launch abandons the session in progress; its late answer is ignored', () => {
    const created = next(requested(), { type: 'SESSION_CREATED', session });
    const back = next(created, { type: 'BACK' });
    expect(back.step).toBe('wallet');
    expect(back.launch).toEqual({ keySeed: SEED, phase: 'idle' });
    const late = next(next(requested(), { type: 'BACK' }), { type: 'CONTINUE', at: at(2_000) });
    expect(next(late, { type: 'SESSION_CREATED', session })).toBe(late);
  });

  it('a change of choice on the launch step abandons the session in progress', () => {
    const s = next(requested(), {
      type: 'SET_WALLET',
      address: '0xde709f2102306220921060314715629080e2fb77',
    });
    expect(s.step).toBe('launch');
    expect(s.launch.phase).toBe('idle');
    // An event that changes nothing the request is built from keeps it.
    const same = next(requested(), { type: 'SET_AMOUNT', text: '100.00' });
    expect(same.launch.phase).toBe('creating');
  });
});

describe('after launch', () => {
  const launched = (): CheckoutState =>
    run(
      buyAt('launch'),
      { type: 'SESSION_REQUESTED', at: at() },
      {
        type: 'SESSION_CREATED',
        session: { id: 's1', widgetUrl: 'https://p.example/s1', trackingToken: 't' },
      },
      { type: 'LAUNCHED' },
    );

  it.each<CheckoutEvent>([
    { type: 'BACK' },
    { type: 'GO_TO', step: 'amount' },
    { type: 'CONTINUE', at: T0 },
    { type: 'SET_AMOUNT', text: '1' },
    { type: 'SET_WALLET', address: SOL_WALLET },
    { type: 'SELECT_QUOTE', partner: 'PAYBIS' },
    { type: 'SESSION_REQUESTED', at: T0 },
    { type: 'TRACKING_RESTORED', tracking: { sessionId: 'x', trackingToken: 'y' } },
  ])('ignores %j', (event) => {
    const s = launched();
    expect(next(s, event)).toBe(s);
  });

  it('RESET starts over from the prefilled values with a new seed', () => {
    const base = start({ prefill: { fiatCurrency: 'USD' }, locked: ['fiatCurrency'] });
    const done = run(
      buyAt('launch', base),
      { type: 'SESSION_REQUESTED', at: at() },
      {
        type: 'SESSION_CREATED',
        session: { id: 's1', widgetUrl: 'https://p.example/s1', trackingToken: 't' },
      },
      { type: 'LAUNCHED' },
    );
    const fresh = next(done, { type: 'RESET', idempotencyKey: 'seed-2' });
    expect(fresh.step).toBe('direction');
    expect(fresh.selection).toEqual(base.selection);
    expect(fresh.tracking).toBeUndefined();
    expect(fresh.launch).toEqual({ keySeed: 'seed-2', phase: 'idle' });
    expect(fresh.prefs.amountBy).toBeUndefined();
  });
});

describe('restoring tracking', () => {
  const tracking = {
    sessionId: 's9',
    trackingToken: 'tok9',
    status: 'PROCESSING',
    history: [],
    terminal: false,
  };

  it('puts the machine straight into the status step', () => {
    const selection = buyAt('launch').selection;
    const s = next(start(), { type: 'TRACKING_RESTORED', tracking, selection });
    expect(s).toMatchObject({ step: 'status', tracking, selection, launch: { phase: 'launched' } });
  });

  it('restores the provider session only with an http(s) widget URL', () => {
    const session = { id: 's9', widgetUrl: 'https://partner.example/s9', trackingToken: 'tok9' };
    expect(next(start(), { type: 'TRACKING_RESTORED', tracking, session }).launch.session).toEqual(session);
    const bad = { ...session, widgetUrl: 'javascript:void 0' };
    expect(
      next(start(), { type: 'TRACKING_RESTORED', tracking, session: bad }).launch.session,
    ).toBeUndefined();
  });

  it('ignores a restore without a session id', () => {
    const s = start();
    expect(next(s, { type: 'TRACKING_RESTORED', tracking: { ...tracking, sessionId: '' } })).toBe(s);
  });
});
