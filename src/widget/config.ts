// The widget's public options: typed, documented, validated at runtime, accepted here and nowhere else.
// React props, `RampCheckout.mount(el, options)` and the hosted page's query string all end up in
// `validateOptions`, which either returns clean options or throws an OptionsError listing every problem.
import type { Direction } from '../api/types';
import type { LockableField } from '../checkout';
import { CODE as DOMAIN_CODE } from '../domain/codes';
import { isHttpUrl } from '../domain/url';
import { LOCKABLE_FIELDS } from '../checkout';
import { languages, type MessageOverrides } from '../ui/i18n/languages';
import { messagesIssues } from '../ui/i18n/overrides';
import type { ThemeOption } from '../ui/theme';
import { themeIssues } from '../ui/theme/tokens';
import type { RampCheckoutEvent } from './events';

import type { LaunchMode } from '../ui/steps';
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
  walletAddress?: string;
  /** Options the shopper may not change. Each must also be given a value. @default [] */
  lock?: LockableField[];
  /** Only quote these partners (e.g. ['BANXA', 'TRANSAK']). @default all */
  partners?: string[];
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
  'amount' | 'directions' | 'lock' | 'launch' | 'apiBaseUrl'
> {
  apiBaseUrl: string;
  directions: Direction[];
  amount?: string;
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
  'lock',
  'partners',
  'theme',
  'locale',
  'messages',
  'redirectUrl',
  'launch',
  'onEvent',
  'intent',
];

const DIRECTIONS: readonly Direction[] = ['buy', 'sell'];
const LAUNCH_MODES: readonly LaunchMode[] = ['popup', 'tab', 'redirect'];

/** The identifier rules (src/domain/codes.ts) by option name. */
const CODE = {
  country: DOMAIN_CODE.country,
  subdivision: DOMAIN_CODE.subdivision,
  fiatCurrency: DOMAIN_CODE.currency,
  cryptoCurrency: DOMAIN_CODE.currency,
  network: DOMAIN_CODE.network,
  paymentMethod: DOMAIN_CODE.paymentMethod,
  partner: DOMAIN_CODE.partner,
} as const;

const INTENT_SECRET = /^int_[A-Za-z0-9_-]{8,64}_secret_[A-Za-z0-9_-]{16,128}$/;
const AMOUNT = /^\d{1,15}(\.\d{1,18})?$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * Checks every option and returns them cleaned, or throws an OptionsError naming each problem and how
 * to fix it. `defaults.apiBaseUrl` lets an entry point (the embed) supply its own default.
 */
export function validateOptions(input: unknown, defaults: { apiBaseUrl?: string } = {}): ValidOptions {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new OptionsError(['options must be an object']);
  }
  const raw = input as Record<string, unknown>;
  const issues: string[] = [];
  const known = new Set<string>(OPTION_NAMES);
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) issues.push(`unknown option "${key}" (known: ${OPTION_NAMES.join(', ')})`);
  }

  const str = (name: string): string | undefined => {
    const v = raw[name];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') {
      issues.push(`${name} must be a string`);
      return undefined;
    }
    return v.trim();
  };
  const code = (name: keyof typeof CODE & string, example: string): string | undefined => {
    const v = str(name)?.toUpperCase();
    if (v !== undefined && !CODE[name].test(v)) {
      issues.push(`${name} "${v}" is not a valid code (e.g. "${example}")`);
      return undefined;
    }
    return v;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[]): T | undefined => {
    const v = str(name);
    if (v !== undefined && !allowed.includes(v as T)) {
      issues.push(`${name} must be one of ${allowed.map((a) => `"${a}"`).join(', ')} (got "${v}")`);
      return undefined;
    }
    return v as T | undefined;
  };
  const list = (name: string): string[] | undefined => {
    const v = raw[name];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      issues.push(`${name} must be an array of strings`);
      return undefined;
    }
    return v.map((x: string) => x.trim()).filter(Boolean);
  };

  const apiBaseUrl = str('apiBaseUrl') ?? defaults.apiBaseUrl ?? '/api/ramp';
  if (!isHttpUrl(apiBaseUrl, true))
    issues.push(`apiBaseUrl must be an http(s) URL or a path starting with "/"`);

  let directions: Direction[] = [...DIRECTIONS];
  const dirList = list('directions');
  if (dirList) {
    const bad = dirList.filter((d) => !DIRECTIONS.includes(d as Direction));
    if (bad.length)
      issues.push(`directions may hold only "buy" and "sell" (got ${bad.map((b) => `"${b}"`).join(', ')})`);
    else if (dirList.length === 0) issues.push('directions must not be empty');
    else directions = [...new Set(dirList as Direction[])];
  }
  const direction = oneOf('direction', DIRECTIONS);
  if (direction && !directions.includes(direction)) {
    issues.push(`direction "${direction}" is not among directions (${directions.join(', ')})`);
  }

  const country = code('country', 'US');
  const subdivision = code('subdivision', 'US-NY');
  if (subdivision && country && !subdivision.startsWith(`${country}-`)) {
    issues.push(`subdivision "${subdivision}" is not in country "${country}"`);
  }

  let amount: string | undefined;
  const rawAmount = raw.amount;
  if (typeof rawAmount === 'number') {
    if (Number.isFinite(rawAmount) && rawAmount > 0) amount = String(rawAmount);
    else issues.push('amount must be a positive number');
  } else if (rawAmount !== undefined && rawAmount !== null && rawAmount !== '') {
    const a = typeof rawAmount === 'string' ? rawAmount.trim() : undefined;
    if (a === undefined || !AMOUNT.test(a) || Number(a) <= 0) {
      issues.push(
        `amount must be a positive decimal like "100" or "0.05" (got ${JSON.stringify(rawAmount)})`,
      );
    } else amount = a;
  }

  const walletAddress = str('walletAddress');
  if (walletAddress && (walletAddress.length > 128 || /\s/.test(walletAddress))) {
    issues.push('walletAddress must be a single address without spaces (at most 128 characters)');
  }

  const values: Record<LockableField, unknown> = {
    direction,
    country,
    subdivision,
    fiatCurrency: code('fiatCurrency', 'USD'),
    cryptoCurrency: code('cryptoCurrency', 'ETH'),
    network: code('network', 'ETHEREUM'),
    paymentMethod: code('paymentMethod', 'CREDIT_DEBIT_CARD'),
    amount,
    walletAddress,
  };

  const lock: LockableField[] = [];
  for (const field of list('lock') ?? []) {
    if (!LOCKABLE_FIELDS.includes(field as LockableField)) {
      issues.push(`lock: "${field}" cannot be locked (lockable: ${LOCKABLE_FIELDS.join(', ')})`);
    } else if (
      values[field as LockableField] === undefined &&
      !(field === 'direction' && directions.length === 1)
    ) {
      issues.push(`lock: "${field}" is locked but has no value; set the ${field} option too`);
    } else lock.push(field as LockableField);
  }

  const partners = list('partners')?.map((p) => p.toUpperCase());
  partners?.forEach(
    (p) => CODE.partner.test(p) || issues.push(`partners: "${p}" is not a partner id (e.g. "BANXA")`),
  );

  const theme = raw.theme;
  issues.push(...themeIssues(theme));

  const locale = str('locale');
  if (locale && !LOCALE.test(locale)) issues.push(`locale "${locale}" is not a BCP 47 tag (e.g. "en-US")`);
  else if (locale && !languages.some((l) => l === locale.split('-')[0]!.toLowerCase()))
    issues.push(`locale "${locale}" is not a supported language (${languages.join(', ')})`);

  const messages = raw.messages as MessageOverrides | undefined;
  issues.push(...messagesIssues(messages));

  const redirectUrl = str('redirectUrl');
  if (redirectUrl && !isHttpUrl(redirectUrl, false))
    issues.push('redirectUrl must be an absolute http(s) URL');

  const launch = oneOf('launch', LAUNCH_MODES) ?? 'popup';
  const onEvent = raw.onEvent;
  if (onEvent !== undefined && typeof onEvent !== 'function') issues.push('onEvent must be a function');

  const intent = str('intent');
  if (intent !== undefined && !INTENT_SECRET.test(intent)) {
    issues.push('intent must be the clientSecret of a checkout intent (int_…_secret_…)');
  }

  if (issues.length) throw new OptionsError(issues);
  return {
    apiBaseUrl,
    directions,
    direction: direction ?? directions[0],
    country,
    subdivision,
    fiatCurrency: values.fiatCurrency as string | undefined,
    cryptoCurrency: values.cryptoCurrency as string | undefined,
    network: values.network as string | undefined,
    paymentMethod: values.paymentMethod as string | undefined,
    amount,
    walletAddress,
    lock,
    partners,
    theme: theme as ThemeOption | undefined,
    locale,
    ...(messages === undefined ? {} : { messages }),
    redirectUrl,
    launch,
    onEvent: onEvent as RampCheckoutOptions['onEvent'],
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
