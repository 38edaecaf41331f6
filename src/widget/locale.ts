// The locale a checkout speaks, by one rule wherever it is decided (the widget, the hosted page around
// it, and that page's first screen rendered on its server), so that they all agree.
import { negotiateLocale } from '../ui/i18n/languages';
import type { RampCheckoutOptions } from './config';
import { usableLocale } from './validate';

/** The browser's languages, most preferred first (none outside a browser). */
export function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator as Navigator | undefined;
  return nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [];
}

/**
 * The merchant's `locale` when the checkout speaks it, else the shopper's: the first of `languages`
 * it speaks (the browser's, or on the server the page's Accept-Language), else the merchant's
 * `defaultLocale` when it speaks that, else English. Options as given: an unusable one is passed over.
 */
export function checkoutLocale(
  options: Pick<RampCheckoutOptions, 'locale' | 'defaultLocale'>,
  languages: readonly string[] = browserLanguages(),
): string {
  return usableLocale(options.locale) ?? negotiateLocale(languages, usableLocale(options.defaultLocale));
}
