// Checkout intents (docs/CONTRACTS.md §5): the merchant's server fixes what a checkout is for (its
// order reference, and any of amount, currencies, wallet…); the browser gets only a client secret.
// The widget starts from the intent's values and locks them; the proxy enforces them when the
// session is created (enforceIntent), and one intent yields one session. The direction is always
// fixed (`buy` unless the merchant says `sell`): the merchant's order is for one of the two.
import { systemClock } from '../http/clock';
import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { AMOUNT_PATTERN, compareDecimal, validateAddress } from '../../domain';
import type { SessionBody } from '../proxy/bodies';
import { HttpError, badRequest } from '../http/errors';
import type { CreatedIntent, IntentInput, PublicIntent } from './intent-types';
import type { IntentLedger } from '../storage/ledger/ledger';
import type { IntentRecord } from '../storage/ledger/types';
import { RE } from '../../api/proxy/patterns';
import { bodyProblems } from '../../api/routes/mount';

export type { CreatedIntent, IntentInput, PublicIntent } from './intent-types';

export const DEFAULT_INTENT_TTL_SEC = 3600;
const MAX_INTENT_TTL_SEC = 7 * 24 * 3600;
const SECRET_RE = /^int_[A-Za-z0-9_-]{16}_secret_[A-Za-z0-9_-]{32}$/;

const str = (re: RegExp, what: string) =>
  v.pipe(v.string(`expected ${what}`), v.regex(re, `expected ${what}`));

export const IntentSchema = v.strictObject({
  reference: v.pipe(
    v.string('expected the order reference as a string'),
    v.regex(/^[\x20-\x7E]{1,64}$/, 'expected 1 to 64 printable characters'),
    v.check((s) => s.trim() === s, 'must not start or end with spaces'),
  ),
  customerId: v.optional(str(RE.customerId, 'a customer id of letters, digits, - and _')),
  direction: v.optional(v.picklist(['buy', 'sell'] as const, 'expected buy or sell')),
  country: v.optional(str(RE.country, 'a two-letter country code')),
  subdivision: v.optional(str(RE.fullSubdivision, 'an ISO 3166-2 code in full, e.g. US-NY')),
  fiatCurrency: v.optional(str(RE.currency, 'a currency code')),
  cryptoCurrency: v.optional(str(RE.currency, 'a currency code')),
  network: v.optional(str(RE.partner, 'a chain code, e.g. ETHEREUM')),
  amount: v.optional(
    v.union(
      [
        v.pipe(v.number(), v.finite(), v.gtValue(0)),
        v.pipe(
          v.string(),
          v.regex(AMOUNT_PATTERN),
          v.check((s) => Number(s) > 0),
        ),
      ],
      'expected a positive decimal amount, e.g. "100" or "0.05"',
    ),
  ),
  walletAddress: v.optional(str(/^[A-Za-z0-9:._-]{1,128}$/, 'a wallet address')),
  expiresInSec: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(60, 'expected at least 60 seconds'),
      v.maxValue(MAX_INTENT_TTL_SEC, 'expected at most 7 days'),
    ),
  ),
});

export function parseIntentInput(input: unknown): IntentInput {
  const r = v.safeParse(IntentSchema, input);
  if (!r.success) {
    const details = bodyProblems(r.issues);
    throw badRequest('INVALID_INTENT', `Invalid intent: ${details[0]}`, details);
  }
  const out = r.output;
  if (out.subdivision !== undefined) {
    // Not derived from the code: the merchant says the country, as with the widget's options.
    const problem =
      out.country === undefined
        ? `needs its country: set country "${out.subdivision.slice(0, 2)}" too`
        : out.subdivision.startsWith(`${out.country}-`)
          ? undefined
          : `is not in country "${out.country}"`;
    if (problem)
      throw badRequest('INVALID_INTENT', `Invalid intent: subdivision: "${out.subdivision}" ${problem}`);
  }
  if (out.walletAddress !== undefined && out.network !== undefined) {
    const check = validateAddress(out.walletAddress, out.network);
    if (!check.ok) {
      throw badRequest('INVALID_INTENT', `Invalid intent: walletAddress is not a ${out.network} address`);
    }
  }
  return out;
}

const toDecimal = (n: string | number): string => {
  if (typeof n === 'string') return n;
  const s = String(n);
  if (!AMOUNT_PATTERN.test(s))
    throw badRequest('INVALID_INTENT', 'Invalid intent: amount: use a decimal string');
  return s;
};

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface Intents {
  /** Mints an intent of checked values (parseIntentInput). */
  create(input: IntentInput): Promise<CreatedIntent>;
  /** The live intent of a client secret, or an HttpError (404 unknown, 410 expired, 409 used). */
  resolve(clientSecret: string | undefined | null, opts?: { allowUsed?: boolean }): Promise<IntentRecord>;
  publicView(intent: IntentRecord): PublicIntent;
}

export function createIntents(
  ledger: Pick<IntentLedger, 'create' | 'findBySecretHash'>,
  now: () => number = systemClock,
): Intents {
  return {
    async create(input) {
      const id = `int_${randomBytes(12).toString('base64url')}`;
      const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
      const createdAt = now();
      const expiresAt = createdAt + (input.expiresInSec ?? DEFAULT_INTENT_TTL_SEC) * 1000;
      const { expiresInSec: _ttl, amount, ...values } = input;
      await ledger.create({
        ...values,
        // An intent means one order: a direction left open would let a buy be redeemed as a sell.
        direction: input.direction ?? 'buy',
        ...(amount === undefined ? {} : { amount: toDecimal(amount) }),
        id,
        secretHash: hashSecret(clientSecret),
        createdAt,
        expiresAt,
        sessionId: null,
      });
      return { id, clientSecret, expiresAt: new Date(expiresAt).toISOString() };
    },
    async resolve(secret, opts = {}) {
      if (!secret || !SECRET_RE.test(secret)) throw intentNotFound();
      const intent = await ledger.findBySecretHash(hashSecret(secret));
      if (!intent) throw intentNotFound();
      if (intent.expiresAt <= now()) {
        throw new HttpError(
          410,
          'INTENT_EXPIRED',
          'This checkout has expired: ask the merchant for a new one',
        );
      }
      if (intent.sessionId !== null && !opts.allowUsed) throw intentUsed();
      return intent;
    },
    publicView(i) {
      const {
        id: _id,
        secretHash: _h,
        createdAt: _c,
        sessionId: _s,
        customerId: _cu,
        expiresAt,
        ...values
      } = i;
      return { ...values, expiresAt: new Date(expiresAt).toISOString() };
    },
  };
}

/** The session's state in full: the proxy also takes its local part (NY), as the routes endpoint does. */
const fullSubdivision = (country: string, subdivision: string | undefined) =>
  subdivision === undefined || subdivision.includes('-') ? subdivision : `${country}-${subdivision}`;

const intentNotFound = () => new HttpError(404, 'INTENT_NOT_FOUND', 'No checkout intent for this secret');
export const intentUsed = () =>
  new HttpError(409, 'INTENT_ALREADY_USED', 'A checkout was already started for this intent');

/**
 * Refuses a session body that departs from the intent (422 INTENT_MISMATCH naming the fields).
 */
export function enforceIntent(intent: IntentRecord, body: SessionBody): void {
  const d = body.sessionData;
  const direction = body.sessionType === 'BUY' ? 'buy' : 'sell';
  const fiat = direction === 'buy' ? d.sourceCurrencyCode : d.destinationCurrencyCode;
  const crypto = direction === 'buy' ? d.destinationCurrencyCode : d.sourceCurrencyCode;
  const wrong: string[] = [];
  if (intent.direction !== direction) wrong.push('direction');
  if (intent.country !== undefined && intent.country !== d.countryCode) wrong.push('country');
  if (
    intent.subdivision !== undefined &&
    intent.subdivision !== fullSubdivision(d.countryCode, d.subdivision)
  )
    wrong.push('subdivision');
  if (intent.fiatCurrency !== undefined && intent.fiatCurrency !== fiat) wrong.push('fiatCurrency');
  if (intent.cryptoCurrency !== undefined && intent.cryptoCurrency !== crypto) wrong.push('cryptoCurrency');
  if (intent.amount !== undefined && compareDecimal(intent.amount, String(d.sourceAmount)) !== 0)
    wrong.push('amount');
  if (intent.walletAddress !== undefined && intent.walletAddress !== d.walletAddress)
    wrong.push('walletAddress');
  if (
    intent.network !== undefined &&
    d.walletAddress !== undefined &&
    !validateAddress(d.walletAddress, intent.network).ok
  ) {
    wrong.push('network');
  }
  if (wrong.length > 0) {
    throw new HttpError(422, 'INTENT_MISMATCH', `The checkout departs from its intent: ${wrong.join(', ')}`, {
      extra: { details: wrong.map((f) => `${f}: fixed by the intent`) },
    });
  }
}
