// The widget's public options: typed, documented, validated at runtime, accepted here and nowhere else.
// React props, `RampCheckout.mount(el, options)` and the hosted page's query string all end up in
// `readOptions`, which either returns clean options or throws an OptionsError listing every problem,
// but for a language the checkout cannot speak: left out, and said (`optionNotices`). `validateOptions`,
// a merchant's own check, refuses that too. Each option's check, default and whether it applies after
// mount: options.ts; how options relate: validate.ts.
import type { RampBootstrap } from '../api/bootstrap';
import type { Direction } from '../api/types';
import type { LockableField } from '../checkout/state';
import type { Ranking } from '../checkout/ranking';
import type { MessageOverrides } from '../ui/i18n/languages';
import type { ThemeOption } from '../ui/theme/tokens';
import type { RampCheckoutEvent } from './events';
import { OPTIONS, optionNamed, type OptionSpec } from './options';
import { advisoryIssues, checkOptions } from './validate';

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
  /** The amount the checkout opens with, in the source currency: fiat on buy, crypto on sell. */
  amount?: string | number;
  /**
   * The amount the checkout opens with when `amount` is not given, in the source currency of
   * `direction`; the shopper replaces it by typing. @default a round sum within the partners' limits
   * for the currency (e.g. 100 GBP)
   */
  defaultAmount?: string | number;
  /** The shopper's wallet on the crypto's chain (required on a buy: the crypto goes there), e.g. from a wallet library. */
  walletAddress?: string;
  /** Options the shopper may not change. Each must also be given a value. @default [] */
  lock?: LockableField[];
  /** Only quote these partners (e.g. ['BANXA', 'TRANSAK']). @default all */
  partners?: string[];
  /**
   * Remember the shopper's last choices and their recent orders (the last 10, for 90 days) on this
   * device (localStorage), and the wallet address when they ask. @default true
   */
  remember?: boolean;
  /** 'light', 'dark', 'auto' (the shopper's system) or tokens such as `{ brandColor, radius, fontFamily }`. @default 'auto' */
  theme?: ThemeOption;
  /**
   * The checkout's language: a BCP 47 tag of one it speaks (en, es, fr, de, pt, it, ja, zh, ko, tr;
   * `de-AT` speaks German and formats numbers and dates as in Austria). One it cannot speak does not
   * stop the checkout: it is said (console, `error` event) and the shopper's language is used.
   * @default the shopper's: the first of the browser's languages it speaks (a region falls back to
   * its language, `pt-BR` → Portuguese), else `defaultLocale`, else English
   */
  locale?: string;
  /**
   * Your default language: the one for shoppers whose browser asks for none the checkout speaks
   * (a BCP 47 tag, as `locale`). @default 'en'
   */
  defaultLocale?: string;
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
  /** Called with every widget event. Must not throw; errors it throws are caught and logged. */
  onEvent?: (event: RampCheckoutEvent) => void;
  /**
   * A checkout intent's client secret, minted by the merchant's server (POST /api/ramp/intents):
   * the widget starts from the intent's values and locks them; the server enforces them.
   */
  intent?: string;
  /**
   * The checkout's first data from your server, `ramp.bootstrap(request, options)` of
   * `ramp-checkout/server` (JSON-safe: pass it from a server component or write it into the page). When
   * it answers the request the widget would make (same options), the first screen shows it at once,
   * with its price, and does not ask for it; otherwise it is ignored.
   */
  bootstrap?: RampBootstrap;
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

/**
 * Checks every option and returns them cleaned, or throws an OptionsError naming each problem and how
 * to fix it. `defaults.apiBaseUrl` lets an entry point (the embed) supply its own default.
 */
export function validateOptions(input: unknown, defaults: { apiBaseUrl?: string } = {}): ValidOptions {
  return cleaned(input, defaults, true);
}

/**
 * The options as the widget takes them: validateOptions, but a language it cannot speak (`locale`,
 * `defaultLocale`) is left out rather than refused, so that no merchant's slip shows a shopper an
 * error in place of the checkout; `optionNotices` names it, for the merchant. Anything else wrong
 * throws, every problem listed.
 */
export function readOptions(input: unknown, defaults: { apiBaseUrl?: string } = {}): ValidOptions {
  return cleaned(input, defaults, false);
}

/** What is wrong with the options `readOptions` leaves out of `input` (none: nothing left out). */
export const optionNotices = (input: object): string[] => advisoryIssues(input);

function cleaned(input: unknown, defaults: Record<string, unknown>, strict: boolean): ValidOptions {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new OptionsError(['options must be an object']);
  }
  const issues = Object.keys(input as object)
    .filter((key) => !optionNamed(key))
    .map((key) => `unknown option "${key}" (known: ${Object.keys(OPTIONS).join(', ')})`);
  const { fields, issues: invalid, advisory } = checkOptions(input as object);
  issues.push(...invalid);
  if (issues.length > (strict ? 0 : advisory)) throw new OptionsError(issues);

  const options: Record<string, unknown> = { ...fields };
  for (const [name, option] of Object.entries<OptionSpec<unknown>>(OPTIONS)) {
    const fallback = defaults[name] ?? option.default;
    // A copy of a list, so that no caller changes the default for the next.
    if (fallback !== undefined) options[name] ??= Array.isArray(fallback) ? [...fallback] : fallback;
  }
  const valid = options as unknown as ValidOptions;
  valid.direction ??= valid.directions[0];
  return valid;
}

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
    else out[key] = optionNamed(key)?.check.list ? value.split(',').filter(Boolean) : value;
  }
  if (Object.keys(tokens).length) {
    out.theme = { ...(typeof out.theme === 'string' ? { mode: out.theme } : {}), ...tokens };
  }
  return out;
}
