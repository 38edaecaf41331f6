// The `intent` option: the widget reads the intent's public values from the host server, starts from
// them and locks them (the server enforces them again when the session is created), and sends the
// client secret with the session request.
import type { LockableField } from '../checkout';
import type { RampCheckoutOptions } from './config';

import { INTENT_HEADER } from '../api/proxy/contract';
import { CURRENT_INTENT_PATH, QUOTE_PATH, SESSION_PATH } from '../api/proxy/paths';
import type { PublicIntent } from '../api/proxy/intents';

/**
 * What GET /api/ramp/intents/current answers for a client secret; an intent read without `direction`
 * (from a server before it was always sent) is a buy, as the server reads it.
 */
export type IntentValues = Omit<PublicIntent, 'direction'> & Partial<Pick<PublicIntent, 'direction'>>;

const FIELDS = [
  'direction',
  'country',
  'subdivision',
  'fiatCurrency',
  'cryptoCurrency',
  'network',
  'amount',
  'walletAddress',
] as const satisfies readonly LockableField[];

export async function loadIntent(
  apiBaseUrl: string,
  secret: string,
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<IntentValues> {
  const res = await fetchFn(`${apiBaseUrl.replace(/\/+$/, '')}${CURRENT_INTENT_PATH}`, {
    headers: { [INTENT_HEADER]: secret, Accept: 'application/json' },
    credentials: 'omit',
  });
  const body = (await res.json().catch(() => ({}))) as { intent?: IntentValues; message?: string };
  if (!res.ok || !body.intent || typeof body.intent.reference !== 'string') {
    throw new Error(body.message ?? 'This checkout link is not valid: ask the merchant for a new one');
  }
  return body.intent;
}

/** The options with the intent's values set and locked (the merchant's other options stay). */
export function applyIntent(options: RampCheckoutOptions, intent: IntentValues): RampCheckoutOptions {
  const out: RampCheckoutOptions = { ...options };
  const lock = new Set(options.lock ?? []);
  // An intent is one order, of one direction: the shopper is never offered the other.
  const fixed: IntentValues = { ...intent, direction: intent.direction ?? 'buy' };
  for (const field of FIELDS) {
    const value = fixed[field];
    if (value === undefined) continue;
    (out as Record<string, unknown>)[field] = value;
    lock.add(field);
  }
  out.directions = [fixed.direction!];
  if (strayState(options, intent)) delete out.subdivision;
  out.lock = [...lock];
  return out;
}

/** The merchant's state, when the intent fixes another country and no state: it cannot be used. */
const strayState = (options: RampCheckoutOptions, intent: IntentValues): string | undefined => {
  const state = options.subdivision;
  if (intent.country === undefined || intent.subdivision !== undefined || !state) return undefined;
  return state.toUpperCase().startsWith(`${intent.country}-`) ? undefined : state;
};

/**
 * The options that ask for another value than the intent fixes (the intent wins, and the server
 * enforces it), each said in words, so the merchant learns their value was not used. Amounts compare
 * as numbers ("100" is 100.00), codes in either case.
 */
export function intentConflicts(options: RampCheckoutOptions, intent: IntentValues): string[] {
  const stray = strayState(options, intent);
  const state = stray
    ? [
        `subdivision: the intent fixes country ${JSON.stringify(intent.country)}; ${JSON.stringify(stray)} is not used`,
      ]
    : [];
  const values: IntentValues = { ...intent, direction: intent.direction ?? 'buy' };
  const fields = FIELDS.flatMap((field) => {
    const fixed = values[field];
    const option = options[field];
    if (fixed === undefined || option === undefined) return [];
    const same =
      field === 'amount'
        ? Number(option) === Number(fixed)
        : field === 'walletAddress'
          ? String(option).trim() === fixed
          : String(option).toUpperCase() === fixed.toUpperCase();
    return same
      ? []
      : [`${field}: the intent fixes ${JSON.stringify(fixed)}; ${JSON.stringify(option)} is not used`];
  });
  return [...fields, ...state];
}

/**
 * A fetch that sends the client secret with the quote and session requests only: the server sends
 * the intent's customer upstream with both, so the service can say the shopper used a partner before.
 */
const INTENT_PATHS = [SESSION_PATH, QUOTE_PATH];

export function withIntentHeader(fetchFn: typeof fetch | undefined, secret: string): typeof fetch {
  const base: typeof fetch = fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://base').pathname;
    if (!INTENT_PATHS.some((p) => path.endsWith(p))) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(INTENT_HEADER, secret);
    return base(input, { ...init, headers });
  };
}
