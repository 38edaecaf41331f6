// Random event sequences against invariants, checked with the validators directly (an oracle
// independent of the machine's guard code).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../api/types';
import { validateAddress } from '../domain/address';
import { validateAmount } from './amount';
import {
  BUY_STEPS,
  ETH_WALLET,
  FACTS,
  SEED,
  SOL_WALLET,
  T0,
  USD_LIMITS,
  quote,
  start,
} from './test-fixtures';
import type { CheckoutEvent } from './events';
import type { CheckoutInit } from './initial';
import { next } from './machine';
import type { CheckoutState, Facts, LockableField, Step } from './state';
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
  }),
  fc.record({
    type: fc.constant('SET_SUBDIVISION' as const),
    subdivision: fc.constantFrom('US-NY', 'US-CA', 'DE-BY', 'NY', ''),
  }),
  fc.record({
    type: fc.constant('SET_FIAT' as const),
    fiatCurrency: fc.constantFrom('USD', 'EUR', 'jpy', ''),
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
  fc.record({
    type: fc.constant('SELECT_QUOTE' as const),
    partner: fc.constantFrom('PAYBIS', 'BANXA', 'TRANSAK', ''),
  }),
  fc.record({ type: fc.constant('SET_QUOTE_SORT' as const), sort: fc.constantFrom('best', 'cost', 'score') }),
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
  fc.constant<CheckoutEvent>({
    type: 'TRACKING_RESTORED',
    tracking: { sessionId: 'restored', trackingToken: 't' },
  }),
  fc.constant<CheckoutEvent>({ type: 'RESET', idempotencyKey: 'seed-after-reset' }),
);

/** What the data says with an event: mostly the buy's facts, often limits, rates or quotes that do not fit. */
const factsArb: fc.Arbitrary<Facts> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(FACTS) },
  // The same data, its quotes from T0: they expire as the clock runs.
  { weight: 2, arbitrary: fc.constant<Facts>({ ...FACTS }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        requiresSubdivision: fc.boolean(),
        limits: fc.constantFrom(
          null,
          USD_LIMITS,
          { currencyCode: 'USD', min: 200, max: 300 },
          { currencyCode: 'EUR', min: 20, max: 1000 },
        ),
        fiatPerCrypto: fc.constantFrom(2000, 0.5),
        fiatDecimals: fc.constantFrom(0, 2),
        cryptoDecimals: fc.constantFrom(6, 8, 18),
        quotes: fc.array(quoteArb, { maxLength: 3 }),
        quotesAt: time,
      },
      { requiredKeys: [] },
    ),
  },
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

const eventList = fc.oneof(
  { weight: 3, arbitrary: scenario },
  { weight: 1, arbitrary: fc.array(anyEvent, { maxLength: 60 }) },
);
/** Each event with the facts it is sent with (the buy's quotes as fresh as the event, as refreshes keep them). */
const events: fc.Arbitrary<[CheckoutEvent, Facts][]> = eventList.chain((list) =>
  fc.array(factsArb, { minLength: list.length, maxLength: list.length }).map((facts) =>
    list.map((e, i): [CheckoutEvent, Facts] => {
      const f = facts[i] ?? FACTS;
      return [e, f === FACTS && 'at' in e ? { ...FACTS, quotesAt: e.at } : f];
    }),
  ),
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
function amountValid(s: CheckoutState, f: Facts): boolean {
  const { amount, direction } = s.selection;
  const decimals =
    direction === 'buy'
      ? (f.fiatDecimals ?? DEFAULT_DECIMALS.fiat)
      : (f.cryptoDecimals ?? DEFAULT_DECIMALS.crypto);
  if (amount === undefined || f.limits === undefined) return false;
  return validateAmount(amount, { direction, limits: f.limits, fiatPerCrypto: f.fiatPerCrypto, decimals }).ok;
}

/** Some quote of the facts answers the current currencies (the picked partner's, when one is picked). */
function quoteAnswersSelection(s: CheckoutState, f: Facts): boolean {
  const { offer, fiatCurrency, crypto, direction } = s.selection;
  if (!fiatCurrency || !crypto) return false;
  const [source, destination] =
    direction === 'buy' ? [fiatCurrency, crypto.currencyCode] : [crypto.currencyCode, fiatCurrency];
  return !!f.quotes?.some(
    (q) =>
      (!offer || q.serviceProvider === offer) &&
      q.sourceCurrencyCode.toUpperCase() === source &&
      q.destinationCurrencyCode.toUpperCase() === destination,
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
        for (const [event, facts] of sequence) {
          const prev = state;
          state = next(prev, event, facts);
          const launchedNow = state.step === 'status' && prev.step !== 'status';
          // A session is asked for only with what the data says then: a valid amount, an offer for
          // the choices, fresh quotes and a valid wallet.
          if (state.launch.phase === 'creating' && prev.launch.phase !== 'creating') {
            expect(event.type).toBe('SESSION_REQUESTED');
            expect(amountValid(state, facts)).toBe(true);
            expect(quoteAnswersSelection(state, facts)).toBe(true);
            expect(walletValid(state)).toBe(true);
            if (event.type === 'SESSION_REQUESTED' && facts.quotesAt !== undefined) {
              expect(event.at - facts.quotesAt).toBeLessThanOrEqual(state.prefs.quoteTtlMs);
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
    // Quotes are not refreshed while a session is made: the data stays what it was.
    const buy = BUY_PATH.reduce((s, e) => next(s, e, FACTS), start());
    const inFlight = next(buy, { type: 'SESSION_REQUESTED', at: T0 }, FACTS);
    expect(inFlight.launch.phase).toBe('creating');
    fc.assert(
      fc.property(fc.array(anyEvent, { minLength: 1, maxLength: 6 }), (sequence) => {
        let state = inFlight;
        for (const event of sequence) {
          state = next(state, event, FACTS);
          if (state.launch.phase === 'creating' || state.launch.phase === 'created') {
            expect(amountValid(state, FACTS)).toBe(true);
            expect(quoteAnswersSelection(state, FACTS)).toBe(true);
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
        for (const [event, facts] of sequence) {
          state = next(state, event, facts);
          expect(STEPS).toContain(state.step);
          // A session exists only on the launch step or after it.
          if (state.launch.phase !== 'idle') expect(['launch', 'status']).toContain(state.step);
          if (state.launch.phase === 'created')
            expect(state.launch.session?.widgetUrl).toMatch(/^https?:\/\//);
          expect(state.tracking === undefined).toBe(state.step !== 'status');
          // Nothing of the data is kept.
          expect(JSON.stringify(state)).not.toMatch(/limits|fiatPerCrypto|Decimals|destinationAmount/);
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
        for (const [event, facts] of sequence) {
          state = next(state, event, facts);
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
        for (const [event, facts] of sequence) {
          state = next(state, event, facts);
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
        for (const [event, facts] of sequence) {
          const prev = state;
          state = next(state, event, facts);
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
