// The widget's public options: typed, documented, validated at runtime, accepted here and nowhere else.
// React props, `RampCheckout.mount(el, options)` and the hosted page's query string all end up in
// `validateOptions`, which either returns clean options or throws an OptionsError listing every problem.
import * as v from 'valibot';
import type { Direction } from '../api/types';
import type { LockableField } from '../checkout/state';
import { AMOUNT_PATTERN } from '../domain/amount';
import { CODE as DOMAIN_CODE } from '../domain/codes';
import { isHttpUrl } from '../domain/url';
import { LOCKABLE_FIELDS } from '../checkout';
import { RANKINGS, type Ranking } from '../checkout/ranking';
import { languages, type MessageOverrides } from '../ui/i18n/languages';
import { messagesIssues } from '../ui/i18n/overrides';
import type { ThemeOption } from '../ui/theme/tokens';
import { themeIssues } from '../ui/theme/tokens';
import type { RampCheckoutEvent } from './events';

import type { LaunchMode } from '../ui/steps/launchMode';
export type { LaunchMode };

export interface RampCheckoutOptions {
  /**
   * Where the host server's proxy answers.
   * @default '/api/ramp' (the script-tag embed: the origin it was loaded from + '/api/ramp')
   */
  apiBaseUrl?: string;
  /** The direction the checkout opens on. @default the first of `directions` */
  direction?: Direction;
  /** Directions the shopper may choose between. @default ['buy', 'sell'] */
  directions?: Direction[];
  /** ISO 3166-1 alpha-2 country. @default from the browser's locale when supported, else the first supported */
  country?: string;
  /** ISO 3166-2 subdivision of `country`, e.g. 'US-NY'. */
  subdivision?: string;
  /** ISO 4217 fiat code. @default the country's default, else the first supported */
  fiatCurrency?: string;
  /** Crypto currency code, e.g. 'ETH'. */
  cryptoCurrency?: string;
  /** The crypto's chain (`chainCode`), e.g. 'ETHEREUM'. */
  network?: string;
  /** Canonical payment method (`method`, e.g. 'CREDIT_DEBIT_CARD'), never a display name. */
  paymentMethod?: string;
  /** In the source currency: fiat on buy, crypto on sell. */
  amount?: string | number;
  /**
   * The amount the checkout opens with when `amount` is not given, in the source currency of
   * `direction`; the shopper replaces it by typing. @default a round sum within the partners' limits
   * for the currency (e.g. 100 GBP)
   */
  defaultAmount?: string | number;
  walletAddress?: string;
  /** Options the shopper may not change. Each must also be given a value. @default [] */
  lock?: LockableField[];
  /** Only quote these partners (e.g. ['BANXA', 'TRANSAK']). @default all */
  partners?: string[];
  /**
   * Remember the shopper's last country, state, currencies and payment method on this device
   * (localStorage), and the wallet address when they ask. @default true
   */
  remember?: boolean;
  /** @default 'auto' */
  theme?: ThemeOption;
  /** BCP 47 tag; English, Spanish, French and German are bundled. @default the browser's language */
  locale?: string;
  /**
   * Your own words for any message, per language: `{ en: { 'name.continue': 'Next' } }`. Keys are
   * those of the English catalog (src/ui/i18n/en.ts); placeholders such as `{partner}` must be ones the
   * message has. Plural messages take their forms (`order.compare_one`, `order.compare_other`).
   */
  messages?: MessageOverrides;
  /** Where the partner sends the shopper back after checkout; its origin must be allowed by the host server. */
  redirectUrl?: string;
  /** How the partner's checkout opens. A blocked popup falls back to a new tab, then to a link. @default 'popup' */
  launch?: LaunchMode;
  /**
   * What the best offer is: 'expected' weighs the crypto each offer gives by how often orders with
   * that partner complete here (when the host server reports it); 'value' is the crypto alone.
   * @default 'expected'
   */
  ranking?: Ranking;
  /** Every widget event. Must not throw; errors it throws are caught and logged. */
  onEvent?: (event: RampCheckoutEvent) => void;
  /**
   * A checkout intent's client secret, minted by the merchant's server (POST /api/ramp/intents):
   * the widget starts from the intent's values and locks them; the server enforces them.
   */
  intent?: string;
}

/** Options after validation: codes upper-cased, amount a string, defaults applied. */
export interface ValidOptions extends Omit<
  RampCheckoutOptions,
  'amount' | 'defaultAmount' | 'directions' | 'lock' | 'launch' | 'apiBaseUrl' | 'remember'
> {
  apiBaseUrl: string;
  directions: Direction[];
  amount?: string;
  defaultAmount?: string;
  remember: boolean;
  lock: LockableField[];
  launch: LaunchMode;
}

export class OptionsError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid ramp-checkout options:\n- ${issues.join('\n- ')}`);
    this.name = 'OptionsError';
  }
}

const OPTION_NAMES: readonly (keyof RampCheckoutOptions)[] = [
  'apiBaseUrl',
  'directions',
  ...LOCKABLE_FIELDS,
  'defaultAmount',
  'lock',
  'partners',
  'remember',
  'theme',
  'locale',
  'messages',
  'redirectUrl',
  'launch',
  'ranking',
  'onEvent',
  'intent',
];

const DIRECTIONS: readonly Direction[] = ['buy', 'sell'];
const LAUNCH_MODES: readonly LaunchMode[] = ['popup', 'tab', 'redirect'];

/** The identifier rules (src/domain/codes.ts) by option name, with an example for the message. */
const CODES = {
  country: [DOMAIN_CODE.country, 'US'],
  subdivision: [DOMAIN_CODE.subdivision, 'US-NY'],
  fiatCurrency: [DOMAIN_CODE.currency, 'USD'],
  cryptoCurrency: [DOMAIN_CODE.currency, 'ETH'],
  network: [DOMAIN_CODE.network, 'ETHEREUM'],
  paymentMethod: [DOMAIN_CODE.paymentMethod, 'CREDIT_DEBIT_CARD'],
} as const;

const INTENT_SECRET = /^int_[A-Za-z0-9_-]{8,64}_secret_[A-Za-z0-9_-]{16,128}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

// ---- the schema: one entry per option, then the checks that relate options to each other ----

/** An option that may be left out; null and '' count as left out. */
const optional = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (x === null || x === '' ? undefined : x)),
      v.optional(schema),
    ),
  );
/** An option whose checks live beside its type (theme.ts, overrides.ts): each issue they find, said. */
const checkedBy = (issues: (value: unknown) => Iterable<string>) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.rawCheck(({ dataset, addIssue }) => {
        for (const message of issues(dataset.value)) addIssue({ message });
      }),
    ),
  );
const text = (name: string) =>
  v.pipe(
    v.string(`${name} must be a string`),
    v.transform((s) => s.trim()),
  );
const code = (name: keyof typeof CODES) =>
  optional(
    v.pipe(
      text(name),
      v.transform((s) => s.toUpperCase()),
      v.check(
        (s) => CODES[name][0].test(s),
        (i) => `${name} "${i.input}" is not a valid code (e.g. "${CODES[name][1]}")`,
      ),
    ),
  );
const oneOf = <T extends string>(name: string, allowed: readonly T[]) =>
  optional(
    v.pipe(
      text(name),
      v.picklist(
        allowed,
        (i) => `${name} must be one of ${allowed.map((a) => `"${a}"`).join(', ')} (got ${i.received})`,
      ),
    ),
  );
/** A list of strings; `issues` names its bad entries (checked once the list itself is one). */
const list = (name: string, issues: (entries: string[]) => string[] = () => []) =>
  optional(
    v.pipe(
      v.unknown(),
      v.check(
        (x) => Array.isArray(x) && x.every((s) => typeof s === 'string'),
        `${name} must be an array of strings`,
      ),
      v.transform((xs) => (xs as string[]).map((x) => x.trim()).filter(Boolean)),
      v.rawCheck(({ dataset, addIssue }) => {
        if (dataset.typed) for (const message of issues(dataset.value)) addIssue({ message });
      }),
    ),
  );

const amountOf = (name: 'amount' | 'defaultAmount') =>
  optional(
    v.pipe(
      v.unknown(),
      v.rawTransform(({ dataset: { value }, addIssue, NEVER }) => {
        if (typeof value === 'number') {
          if (Number.isFinite(value) && value > 0) return String(value);
          addIssue({ message: `${name} must be a positive number` });
          return NEVER;
        }
        const a = typeof value === 'string' ? value.trim() : undefined;
        if (a !== undefined && AMOUNT_PATTERN.test(a) && Number(a) > 0) return a;
        addIssue({
          message: `${name} must be a positive decimal like "100" or "0.05" (got ${JSON.stringify(value)})`,
        });
        return NEVER;
      }),
    ),
  );
const amount = amountOf('amount');

/** A yes/no option; the hosted page's query string says it as "true"/"false" (or 1/0). */
const flag = (name: string) =>
  optional(
    v.pipe(
      v.unknown(),
      v.rawTransform(({ dataset: { value }, addIssue, NEVER }) => {
        if (typeof value === 'boolean') return value;
        if (value === 'true' || value === '1') return true;
        if (value === 'false' || value === '0') return false;
        addIssue({ message: `${name} must be true or false (got ${JSON.stringify(value)})` });
        return NEVER;
      }),
    ),
  );

const OptionsFields = v.object({
  apiBaseUrl: optional(
    v.pipe(
      text('apiBaseUrl'),
      v.check((u) => isHttpUrl(u, true), 'apiBaseUrl must be an http(s) URL or a path starting with "/"'),
    ),
  ),
  directions: list('directions', (ds) => {
    const bad = ds.filter((d) => !DIRECTIONS.includes(d as Direction));
    if (bad.length)
      return [`directions may hold only "buy" and "sell" (got ${bad.map((b) => `"${b}"`).join(', ')})`];
    return ds.length === 0 ? ['directions must not be empty'] : [];
  }),
  direction: oneOf('direction', DIRECTIONS),
  country: code('country'),
  subdivision: code('subdivision'),
  fiatCurrency: code('fiatCurrency'),
  cryptoCurrency: code('cryptoCurrency'),
  network: code('network'),
  paymentMethod: code('paymentMethod'),
  amount,
  defaultAmount: amountOf('defaultAmount'),
  remember: flag('remember'),
  walletAddress: optional(
    v.pipe(
      text('walletAddress'),
      v.check(
        (a) => a.length <= 128 && !/\s/.test(a),
        'walletAddress must be a single address without spaces (at most 128 characters)',
      ),
    ),
  ),
  lock: list('lock', (fields) =>
    fields
      .filter((f) => !LOCKABLE_FIELDS.includes(f as LockableField))
      .map((f) => `lock: "${f}" cannot be locked (lockable: ${LOCKABLE_FIELDS.join(', ')})`),
  ),
  partners: list('partners', (ps) =>
    ps
      .map((p) => p.toUpperCase())
      .filter((p) => !DOMAIN_CODE.partner.test(p))
      .map((p) => `partners: "${p}" is not a partner id (e.g. "BANXA")`),
  ),
  theme: checkedBy(themeIssues),
  locale: optional(
    v.pipe(
      text('locale'),
      v.check(
        (s) => LOCALE.test(s),
        (i) => `locale "${i.input}" is not a BCP 47 tag (e.g. "en-US")`,
      ),
      v.check(
        (l) => languages.some((lang) => lang === l.split('-')[0]!.toLowerCase()),
        (i) => `locale "${i.input}" is not a supported language (${languages.join(', ')})`,
      ),
    ),
  ),
  messages: checkedBy(messagesIssues),
  redirectUrl: optional(
    v.pipe(
      text('redirectUrl'),
      v.check((u) => isHttpUrl(u, false), 'redirectUrl must be an absolute http(s) URL'),
    ),
  ),
  launch: oneOf('launch', LAUNCH_MODES),
  ranking: oneOf('ranking', RANKINGS),
  onEvent: v.optional(
    v.pipe(
      v.unknown(),
      v.check((f) => typeof f === 'function', 'onEvent must be a function'),
      v.transform((f) => f as NonNullable<RampCheckoutOptions['onEvent']>),
    ),
  ),
  intent: optional(
    v.pipe(
      text('intent'),
      v.check(
        (s) => INTENT_SECRET.test(s),
        'intent must be the clientSecret of a checkout intent (int_…_secret_…)',
      ),
    ),
  ),
});
type OptionsFields = v.InferOutput<typeof OptionsFields>;

const OptionsSchema = v.pipe(
  OptionsFields,
  // How options relate, checked between those that are valid on their own.
  v.rawCheck(({ dataset, addIssue }) => {
    const o = dataset.value as Partial<OptionsFields>;
    const invalid = new Set(dataset.issues?.map((i) => i.path?.[0]?.key));
    const valid = (...names: (keyof OptionsFields)[]) => names.every((n) => !invalid.has(n));
    const directions = o.directions?.length ? o.directions : DIRECTIONS;
    if (valid('direction', 'directions') && o.direction && !directions.includes(o.direction)) {
      addIssue({
        message: `direction "${o.direction}" is not among directions (${directions.join(', ')})`,
      });
    }
    if (
      valid('country', 'subdivision') &&
      o.subdivision &&
      o.country &&
      !o.subdivision.startsWith(`${o.country}-`)
    ) {
      addIssue({ message: `subdivision "${o.subdivision}" is not in country "${o.country}"` });
    }
    // Not derived from the code: the country shapes the whole checkout (lists, defaults, locks), so
    // the merchant says it, rather than the widget guessing from another option (or its intent does).
    if (valid('country', 'subdivision') && o.subdivision && !o.country && !o.intent) {
      const country = o.subdivision.split('-')[0];
      addIssue({ message: `subdivision "${o.subdivision}" needs its country: set country "${country}" too` });
    }
    if (valid('amount', 'defaultAmount') && o.amount !== undefined && o.defaultAmount !== undefined) {
      addIssue({
        message: 'give amount (fixed at the start) or defaultAmount (a suggestion), not both',
      });
    }
    for (const field of valid('lock', 'directions') ? (o.lock ?? []) : []) {
      const lockable = field as LockableField;
      if (!valid(lockable) || o[lockable] !== undefined) continue;
      if (lockable === 'direction' && directions.length === 1) continue;
      addIssue({ message: `lock: "${field}" is locked but has no value; set the ${field} option too` });
    }
  }),
);

/**
 * Checks every option and returns them cleaned, or throws an OptionsError naming each problem and how
 * to fix it. `defaults.apiBaseUrl` lets an entry point (the embed) supply its own default.
 */
export function validateOptions(input: unknown, defaults: { apiBaseUrl?: string } = {}): ValidOptions {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new OptionsError(['options must be an object']);
  }
  const known = new Set<string>(OPTION_NAMES);
  const issues = Object.keys(input as object)
    .filter((key) => !known.has(key))
    .map((key) => `unknown option "${key}" (known: ${OPTION_NAMES.join(', ')})`);
  const result = v.safeParse(OptionsSchema, input);
  if (!result.success) issues.push(...result.issues.map((i) => i.message));
  if (issues.length || !result.success) throw new OptionsError(issues);

  const {
    apiBaseUrl,
    directions: listed,
    direction,
    lock,
    partners,
    theme,
    messages,
    launch,
    intent,
    remember,
    ...rest
  } = result.output;
  const directions = listed?.length ? [...new Set(listed as Direction[])] : [...DIRECTIONS];
  return {
    ...rest,
    apiBaseUrl: apiBaseUrl ?? defaults.apiBaseUrl ?? '/api/ramp',
    directions,
    direction: direction ?? directions[0],
    lock: (lock ?? []) as LockableField[],
    partners: partners?.map((p) => p.toUpperCase()),
    theme: theme as ThemeOption | undefined,
    ...(messages === undefined ? {} : { messages: messages as MessageOverrides }),
    launch: launch ?? 'popup',
    remember: remember ?? true,
    ...(intent === undefined ? {} : { intent }),
  };
}

const LIST_PARAMS = new Set(['directions', 'lock', 'partners']);
const THEME_PARAM = /^theme\.([a-zA-Z]+)$/;

/**
 * The hosted page's query string as raw options (validate with `validateOptions`): lists are
 * comma-separated (`lock=walletAddress,amount`), theme tokens are dotted (`theme.brandColor=%23ff0066`).
 * Parameters that are not options (listed in `passthrough`) are left out.
 */
export function optionsFromQuery(
  search: string | URLSearchParams,
  passthrough: readonly string[] = [],
): unknown {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, unknown> = {};
  const tokens: Record<string, string> = {};
  for (const [key, value] of params) {
    if (passthrough.includes(key)) continue;
    const token = THEME_PARAM.exec(key);
    if (token) tokens[token[1]!] = value;
    else if (key === 'onEvent')
      out[key] = value; // not settable from a URL; validation says so
    else out[key] = LIST_PARAMS.has(key) ? value.split(',').filter(Boolean) : value;
  }
  if (Object.keys(tokens).length) {
    out.theme = { ...(typeof out.theme === 'string' ? { mode: out.theme } : {}), ...tokens };
  }
  return out;
}
