// The widget's options, one entry each: its check, its value when left out, and how a running checkout
// takes a new value. The names (`validateOptions`' unknown-option message), validation (validate.ts),
// defaults (config.ts), what applies after mount (useLiveOptions.ts) and the hosted page's lists
// (optionsFromQuery) are read from here; each option's words are the JSDoc of `RampCheckoutOptions`
// (config.ts), which docs/CONTRACTS.md §2's table and the README's lists are held to (options.docs.test.ts).
// An option is its entry here, its property there, and its behaviour.
import type { RampBootstrap } from '../api/bootstrap';
import type { Direction } from '../api/types';
import { LOCKABLE_FIELDS } from '../checkout';
import { RANKINGS, type Ranking } from '../checkout/ranking';
import type { LockableField } from '../checkout/state';
import { CODE } from '../domain/codes';
import { isHttpUrl } from '../domain/url';
import type { MessageOverrides } from '../ui/i18n/languages';
import { messagesIssues } from '../ui/i18n/overrides';
import type { LaunchMode } from '../ui/steps/launchMode';
import { themeIssues, type ThemeOption } from '../ui/theme/tokens';
import type { RampCheckoutOptions, ValidOptions } from './config';
import type { Check } from './checks';
import {
  amount,
  checkedBy,
  code,
  flag,
  list,
  localeTag,
  ok,
  oneOf,
  optional,
  quoted,
  refused,
  rule,
  text,
} from './checks';

/**
 * One option. Its check cleans the value (codes upper-cased, amounts strings); `default` is its value
 * when left out (an entry point may give its own, as the embed does for apiBaseUrl), for the options
 * `ValidOptions` always holds and for those only; `after` is how a running checkout takes a new value:
 * in place (`live`), or never (`mount`: read once, as it starts). Any other option starts the checkout
 * over (the embed's `update()`, the hosted page's updates; the component warns to give it a new `key`).
 */
export interface OptionSpec<T> {
  check: Check<T | undefined>;
  default?: T;
  after?: 'live' | 'mount';
}
/** An option of `ValidOptions`: one it always holds has a default, and only such a one. */
type Option<T> = OptionSpec<T> & (undefined extends T ? { default?: undefined } : { default: T });

export const DIRECTIONS: readonly Direction[] = ['buy', 'sell'];
const LAUNCH_MODES: readonly LaunchMode[] = ['popup', 'tab', 'redirect'];
const INTENT_SECRET = /^int_[A-Za-z0-9_-]{8,64}_secret_[A-Za-z0-9_-]{16,128}$/;
type OnEvent = NonNullable<RampCheckoutOptions['onEvent']>;

/** Every option, in the order their issues are listed. */
export const OPTIONS = {
  apiBaseUrl: {
    check: text('apiBaseUrl', [
      rule(
        (u) => isHttpUrl(u, true),
        () => 'apiBaseUrl must be an http(s) URL or a path starting with "/"',
      ),
    ]),
    default: '/api/ramp',
  },
  directions: {
    check: list<Direction>('directions', (ds) => {
      const bad = ds.filter((d) => !DIRECTIONS.includes(d as Direction));
      if (bad.length)
        return [`directions may hold only "buy" and "sell" (got ${bad.map(quoted).join(', ')})`];
      return ds.length === 0 ? ['directions must not be empty'] : [];
    }),
    default: [...DIRECTIONS],
  },
  // Left out: the first of `directions` (config.ts).
  direction: { check: oneOf('direction', DIRECTIONS), after: 'live' },
  country: { check: code('country', CODE.country, 'US') },
  subdivision: { check: code('subdivision', CODE.subdivision, 'US-NY') },
  fiatCurrency: { check: code('fiatCurrency', CODE.currency, 'USD') },
  cryptoCurrency: { check: code('cryptoCurrency', CODE.currency, 'ETH') },
  network: { check: code('network', CODE.network, 'ETHEREUM') },
  paymentMethod: { check: code('paymentMethod', CODE.paymentMethod, 'CREDIT_DEBIT_CARD') },
  amount: { check: amount('amount'), after: 'live' },
  defaultAmount: { check: amount('defaultAmount') },
  remember: { check: flag('remember'), default: true },
  walletAddress: {
    check: text('walletAddress', [
      rule(
        (a) => a.length <= 128 && !/\s/.test(a),
        () => 'walletAddress must be a single address without spaces (at most 128 characters)',
      ),
    ]),
    after: 'live',
  },
  // Whether it holds walletAddress applies in place (useLiveOptions.ts).
  lock: {
    check: list<LockableField>('lock', (fields) =>
      fields
        .filter((f) => !LOCKABLE_FIELDS.includes(f as LockableField))
        .map((f) => `lock: "${f}" cannot be locked (lockable: ${LOCKABLE_FIELDS.join(', ')})`),
    ),
    default: [],
  },
  partners: {
    check: list(
      'partners',
      (ps) =>
        ps
          .filter((p) => !CODE.partner.test(p))
          .map((p) => `partners: "${p}" is not a partner id (e.g. "BANXA")`),
      true,
    ),
  },
  theme: { check: checkedBy<ThemeOption>(themeIssues), after: 'live' },
  locale: { check: localeTag('locale'), after: 'live' },
  defaultLocale: { check: localeTag('defaultLocale'), after: 'live' },
  messages: { check: checkedBy<MessageOverrides>(messagesIssues), after: 'live' },
  redirectUrl: {
    check: text('redirectUrl', [
      rule(
        (u) => isHttpUrl(u, false),
        () => 'redirectUrl must be an absolute http(s) URL',
      ),
    ]),
    after: 'live',
  },
  launch: { check: oneOf('launch', LAUNCH_MODES), default: 'popup', after: 'live' },
  ranking: { check: oneOf<Ranking>('ranking', RANKINGS) },
  onEvent: {
    // Not optional(): null is no function either.
    check: (f: unknown) =>
      typeof f === 'function' ? ok(f as OnEvent) : refused(f, 'onEvent must be a function'),
    after: 'live',
  },
  intent: {
    check: text('intent', [
      rule(
        (s) => INTENT_SECRET.test(s),
        () => 'intent must be the clientSecret of a checkout intent (int_…_secret_…)',
      ),
    ]),
  },
  bootstrap: {
    // Its answer is checked where it is used (queries/bootstrap.ts): one that does not fit is not used.
    check: optional<RampBootstrap>((x) =>
      typeof x === 'object' && x !== null && typeof (x as RampBootstrap).request === 'string' && 'answer' in x
        ? ok(x as RampBootstrap)
        : refused(x, 'bootstrap must be what ramp.bootstrap(request, options) gave: { request, answer }'),
    ),
    after: 'mount',
  },
} satisfies { [K in keyof ValidOptions]-?: Option<ValidOptions[K]> };

export type OptionName = keyof typeof OPTIONS;

/** The option named `name`, if there is one (any string: a merchant's typo, a query parameter). */
export const optionNamed = (name: string): OptionSpec<unknown> | undefined =>
  Object.hasOwn(OPTIONS, name) ? (OPTIONS as Record<string, OptionSpec<unknown>>)[name] : undefined;
