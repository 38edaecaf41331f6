// Random event sequences against invariants, checked with the validators directly (an oracle
// independent of the machine's guard code).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../api/types';
import { validateAddress } from '../domain/address';
import { validateAmount } from './amount';
import { BUY_STEPS, ETH_WALLET, SEED, SOL_WALLET, T0, USD_LIMITS, quote, start } from './test-fixtures';
import type { CheckoutEvent } from './events';
import type { CheckoutInit } from './initial';
import { next } from './machine';
import type { CheckoutState, LockableField, Step } from './state';
import { DEFAULT_DECIMALS, LOCKABLE_FIELDS, STEPS, chainOf } from './state';

const time = fc.integer({ min: 0, max: 180_000 }).map((ms) => T0 + ms);

const quoteArb: fc.Arbitrary<Quote> = fc
  .record({
    serviceProvider: fc.constantFrom('PAYBIS', 'BANXA', 'TRANSAK', ''),
    sourceCurrencyCode: fc.constantFrom('USD', 'EUR', 'ETH', 'USDC', 'usd'),
    destinationCurrencyCode: fc.constantFrom('ETH', 'USDC', 'BTC', 'EUR', 'USD'),
  })
  .map((q) => quote(q));

const sessionArb = fc.record({
  id: fc.constantFrom('sess_1', 'sess_2', ''),
  widgetUrl: fc.constantFrom(
    'https://partner.example/w',
    'http://127.0.0.1:8787/sandbox/provider/checkout/x',
    'javascript:alert(1)',
    'nope',
  ),
  trackingToken: fc.constantFrom('tok', ''),
});

/** Any event, with payloads valid and invalid: bad amounts and addresses, expired or foreign quotes. */
const anyEvent: fc.Arbitrary<CheckoutEvent> = fc.oneof(
  fc.record({
    type: fc.constant('SET_DIRECTION' as const),
    direction: fc.constantFrom('buy' as const, 'sell' as const),
  }),
  fc.record({
    type: fc.constant('SET_COUNTRY' as const),
    country: fc.constantFrom('US', 'DE', 'GB', 'us', 'USA', ''),
    requiresSubdivision: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('SET_SUBDIVISION' as const),
    subdivision: fc.constantFrom('US-NY', 'US-CA', 'DE-BY', 'NY', ''),
  }),
  fc.record({
    type: fc.constant('SET_FIAT' as const),
    fiatCurrency: fc.constantFrom('USD', 'EUR', 'jpy', ''),
    decimals: fc.constantFrom(undefined, 0, 2, 19, -1),
  }),
  fc.record({
    type: fc.constant('SET_CRYPTO' as const),
    crypto: fc.constantFrom(
      { currencyCode: 'ETH', chainCode: 'ETHEREUM' },
      { currencyCode: 'ETH', chainCode: 'BASE' },
      { currencyCode: 'USDC', chainCode: 'ETHEREUM' },
      { currencyCode: 'USDC', chainCode: 'SOLANA' },
      { currencyCode: 'BTC', chainCode: 'BITCOIN' },
      { currencyCode: 'BTC' },
      { currencyCode: 'XLM', chainCode: 'STELLAR' },
    ),
    decimals: fc.constantFrom(undefined, 6, 8, 18),
  }),
  fc.record({
    type: fc.constant('SET_PAYMENT_METHOD' as const),
    method: fc.constantFrom('CREDIT_DEBIT_CARD', 'SEPA', 'APPLE_PAY', 'Apple Pay', 'Credit/Debit Card', ''),
  }),
  fc.record({
    type: fc.constant('SET_AMOUNT' as const),
    text: fc.oneof(
      fc.constantFrom(
        '100',
        '10',
        '10.00',
        '5000',
        '0.5',
        '0.02',
        '9.99',
        '5000.01',
        '10.001',
        '0',
        '-5',
        '1e3',
        '',
      ),
      fc.constantFrom('999999999999999999', '1.234,56', 'abc', ' 250 '),
      fc.string({ maxLength: 12 }),
    ),
    locale: fc.constantFrom(undefined, 'de', 'fr', 'en'),
  }),
  fc.record({
    type: fc.constant('SET_LIMITS' as const),
    limits: fc.constantFrom(
      null,
      USD_LIMITS,
      { currencyCode: 'USD', min: 200, max: 300 },
      { currencyCode: 'EUR', min: 20, max: 1000 },
      { currencyCode: 'USD', min: 50, max: 10 },
    ),
  }),
  fc.record({
    type: fc.constant('SET_RATE' as const),
    fiatPerCrypto: fc.constantFrom(2000, 0.5, 0, -1, Number.NaN),
  }),
  fc.record({
    type: fc.constant('SET_WALLET' as const),
    address: fc.constantFrom(
      ETH_WALLET,
      ETH_WALLET.toLowerCase(),
      ETH_WALLET.replace('aA', 'Aa'),
      SOL_WALLET,
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
      '',
      'not an address',
    ),
  }),
  fc.record({ type: fc.constant('SELECT_QUOTE' as const), quote: quoteArb, at: time }),
  fc.record({
    type: fc.constant('QUOTES_CHANGED' as const),
    quotes: fc.array(quoteArb, { maxLength: 3 }),
    at: time,
  }),
  fc.record({ type: fc.constant('CONTINUE' as const), at: time }),
  fc.constant<CheckoutEvent>({ type: 'BACK' }),
  fc.record({ type: fc.constant('GO_TO' as const), step: fc.constantFrom(...STEPS) }),
  fc.record({ type: fc.constant('SESSION_REQUESTED' as const), at: time }),
  fc.record({ type: fc.constant('SESSION_CREATED' as const), session: sessionArb }),
  fc.record({
    type: fc.constant('SESSION_FAILED' as const),
    error: fc.constant({ code: 'NETWORK_ERROR', message: 'offline' }),
  }),
  fc.constant<CheckoutEvent>({ type: 'LAUNCHED' }),
  fc.record({
    type: fc.constant('TRANSACTION_UPDATED' as const),
    status: fc.constantFrom('PENDING', 'PROCESSING', 'SETTLED', 'FAILED', 'WHATEVER', ''),
    at: time,
  }),
  fc.constant<CheckoutEvent>({
    type: 'TRACKING_RESTORED',
    tracking: { sessionId: 'restored', trackingToken: 't', history: [], terminal: false },
  }),
  fc.constant<CheckoutEvent>({ type: 'RESET', idempotencyKey: 'seed-after-reset' }),
);

const withTime = (event: CheckoutEvent, at: number): CheckoutEvent =>
  'at' in event ? { ...event, at } : event;

/** A successful buy, one group of events per step, then the launch and a status update. */
const HAPPY: CheckoutEvent[][] = [
  ...Object.values(BUY_STEPS),
  [{ type: 'SESSION_REQUESTED', at: T0 }],
  [
    {
      type: 'SESSION_CREATED',
      session: { id: 'sess_1', widgetUrl: 'https://partner.example/w', trackingToken: 'tok' },
    },
  ],
  [{ type: 'LAUNCHED' }],
  [{ type: 'TRANSACTION_UPDATED', status: 'SETTLED', at: T0 }],
];
const CONTINUES_AFTER = Object.keys(BUY_STEPS).length;
/** The buy up to the launch step, undisturbed. */
const BUY_PATH: CheckoutEvent[] = Object.values(BUY_STEPS).flatMap((group) => [
  ...group,
  { type: 'CONTINUE', at: T0 },
]);

/**
 * A successful buy disturbed by random events between its steps, on a clock that advances 0-15 s
 * per event (so quotes expire along the way): sequences that often get far, and often fail late.
 */
const scenario: fc.Arbitrary<CheckoutEvent[]> = fc
  .record({
    noise: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<CheckoutEvent[]>([]) },
        { weight: 1, arbitrary: fc.array(anyEvent, { maxLength: 2 }) },
      ),
      { minLength: HAPPY.length, maxLength: HAPPY.length },
    ),
    continues: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: HAPPY.length, maxLength: HAPPY.length }),
    deltas: fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 120, maxLength: 120 }),
    tail: fc.array(anyEvent, { maxLength: 8 }),
  })
  .map(({ noise, continues, deltas, tail }) => {
    const plan = HAPPY.flatMap((group, i) => [
      ...(noise[i] ?? []),
      ...group,
      ...(i < CONTINUES_AFTER
        ? Array.from({ length: continues[i] ?? 1 }, (): CheckoutEvent => ({ type: 'CONTINUE', at: T0 }))
        : []),
    ]);
    let clock = T0;
    return [...plan.map((e, i) => withTime(e, (clock += deltas[i % deltas.length] ?? 0))), ...tail];
  });

const events = fc.oneof(
  { weight: 3, arbitrary: scenario },
  { weight: 1, arbitrary: fc.array(anyEvent, { maxLength: 60 }) },
);

const initArb: fc.Arbitrary<CheckoutInit> = fc.record({
  idempotencyKey: fc.constant(SEED),
  directions: fc.constantFrom(
    undefined,
    ['buy' as const],
    ['sell' as const],
    ['buy' as const, 'sell' as const],
  ),
  quoteTtlMs: fc.constantFrom(undefined, 30_000),
  prefill: fc.record(
    {
      country: fc.constant('US'),
      subdivision: fc.constant('US-NY'),
      fiatCurrency: fc.constant('USD'),
      cryptoCurrency: fc.constant('ETH'),
      network: fc.constant('ETHEREUM'),
      paymentMethod: fc.constant('CREDIT_DEBIT_CARD'),
      amount: fc.constantFrom('100', '5'),
      walletAddress: fc.constantFrom(ETH_WALLET, 'bad'),
    },
    { requiredKeys: [] },
  ),
  locked: fc.subarray([...LOCKABLE_FIELDS]),
});

// The oracle: what must hold for a session to be requested or a provider launched.
function amountValid(s: CheckoutState): boolean {
  const { amount, direction } = s.selection;
  const decimals =
    direction === 'buy'
      ? (s.facts.fiatDecimals ?? DEFAULT_DECIMALS.fiat)
      : (s.facts.cryptoDecimals ?? DEFAULT_DECIMALS.crypto);
  if (amount === undefined || s.facts.limits === undefined) return false;
  return validateAmount(amount, {
    direction,
    limits: s.facts.limits,
    fiatPerCrypto: s.facts.fiatPerCrypto,
    decimals,
  }).ok;
}

function quoteAnswersSelection(s: CheckoutState): boolean {
  const { quote: q, fiatCurrency, crypto, direction } = s.selection;
  if (!q || !fiatCurrency || !crypto) return false;
  const [source, destination] =
    direction === 'buy' ? [fiatCurrency, crypto.currencyCode] : [crypto.currencyCode, fiatCurrency];
  return (
    q.sourceCurrencyCode.toUpperCase() === source && q.destinationCurrencyCode.toUpperCase() === destination
  );
}

const walletValid = (s: CheckoutState): boolean =>
  validateAddress(s.selection.walletAddress ?? '', chainOf(s.selection)).ok;

const index = (step: Step) => STEPS.indexOf(step);

describe('random event sequences', () => {
  it('never request, hold or launch a session without a valid amount, a fresh quote and a valid wallet', () => {
    fc.assert(
      fc.property(initArb, events, (init, sequence) => {
        let state = start(init);
        for (const event of sequence) {
          const prev = state;
          state = next(prev, event);
          const inFlight = state.launch.phase === 'creating' || state.launch.phase === 'created';
          const launchedNow = state.step === 'status' && prev.step !== 'status';
          if (inFlight || (launchedNow && event.type !== 'TRACKING_RESTORED')) {
            expect(amountValid(state)).toBe(true);
            expect(quoteAnswersSelection(state)).toBe(true);
            expect(walletValid(state)).toBe(true);
          }
          if (state.launch.phase === 'creating' && prev.launch.phase !== 'creating') {
            expect(event.type).toBe('SESSION_REQUESTED');
            const q = state.selection.quote;
            if (event.type === 'SESSION_REQUESTED' && q) {
              expect(event.at - q.receivedAt).toBeLessThanOrEqual(state.facts.quoteTtlMs);
            }
            expect(state.launch.idempotencyKey).toBeDefined();
          }
          if (launchedNow) {
            expect(['LAUNCHED', 'TRACKING_RESTORED']).toContain(event.type);
            if (event.type === 'LAUNCHED') expect(state.tracking?.sessionId).toBe(prev.launch.session?.id);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keep a session in flight only while everything still holds, whatever happens meanwhile', () => {
    const inFlight = next(BUY_PATH.reduce(next, start()), { type: 'SESSION_REQUESTED', at: T0 });
    expect(inFlight.launch.phase).toBe('creating');
    fc.assert(
      fc.property(fc.array(anyEvent, { minLength: 1, maxLength: 6 }), (sequence) => {
        let state = inFlight;
        for (const event of sequence) {
          state = next(state, event);
          if (state.launch.phase === 'creating' || state.launch.phase === 'created') {
            expect(amountValid(state)).toBe(true);
            expect(quoteAnswersSelection(state)).toBe(true);
            expect(walletValid(state)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keep the structural invariants', () => {
    fc.assert(
      fc.property(initArb, events, (init, sequence) => {
        let state = start(init);
        for (const event of sequence) {
          state = next(state, event);
          expect(STEPS).toContain(state.step);
          // A session exists only on the launch step or after it.
          if (state.launch.phase !== 'idle') expect(['launch', 'status']).toContain(state.step);
          if (state.launch.phase === 'created')
            expect(state.launch.session?.widgetUrl).toMatch(/^https?:\/\//);
          expect(state.tracking === undefined).toBe(state.step !== 'status');
          // A selected quote always answers the current currencies.
          if (state.selection.quote && state.step !== 'status')
            expect(quoteAnswersSelection(state)).toBe(true);
          // The method sent upstream is canonical.
          if (state.selection.paymentMethod) expect(state.selection.paymentMethod).toMatch(/^[A-Z0-9_]+$/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never change a locked field', () => {
    const value = (s: CheckoutState, f: LockableField) =>
      f === 'cryptoCurrency'
        ? s.selection.crypto?.currencyCode
        : f === 'network'
          ? s.selection.network
          : s.selection[f as Exclude<LockableField, 'cryptoCurrency' | 'network'>];
    fc.assert(
      fc.property(initArb, events, (init, sequence) => {
        const first = start(init);
        let state = first;
        for (const event of sequence) {
          state = next(state, event);
          if (event.type === 'TRACKING_RESTORED') break;
          for (const f of first.locked) expect(value(state, f)).toEqual(value(first, f));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('BACK moves to an earlier shown step everywhere before launch, and never after', () => {
    fc.assert(
      fc.property(initArb, events, (init, sequence) => {
        let state = start(init);
        for (const event of sequence) {
          state = next(state, event);
          const back = next(state, { type: 'BACK' });
          if (state.step === 'status') {
            expect(back).toBe(state);
            continue;
          }
          const earlier = STEPS.slice(0, index(state.step)).filter((s) => !state.skipped.includes(s));
          if (earlier.length === 0) expect(back).toBe(state);
          else expect(back.step).toBe(earlier[earlier.length - 1]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('are not vacuous: they reach every step and launch often, and are refused often', () => {
    const reached = new Set<Step>();
    let launched = 0;
    let refused = 0;
    fc.assert(
      fc.property(initArb, events, (init, sequence) => {
        let state = start(init);
        for (const event of sequence) {
          const prev = state;
          state = next(state, event);
          reached.add(state.step);
          if (
            event.type === 'SESSION_REQUESTED' &&
            prev.step === 'launch' &&
            state.launch.phase !== 'creating'
          )
            refused++;
        }
        if (state.tracking?.sessionId === 'sess_1') launched++;
      }),
      { numRuns: 400, seed: 20_260_203 },
    );
    expect([...reached].sort()).toEqual([...STEPS].sort());
    expect(launched).toBeGreaterThan(40);
    expect(refused).toBeGreaterThan(10);
  });
});
