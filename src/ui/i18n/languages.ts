// The languages the widget speaks and where their catalogs come from, without any catalog itself.
import type { MessageKey } from './en';

export type Language = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'ja' | 'zh' | 'ko' | 'tr';
export type Catalog = Record<MessageKey, string>;
/**
 * A merchant's own words (the `messages` option), per language, for any message: they win over the
 * catalog's. Plural messages are overridden by their forms (`order.compare_one`, `order.compare_other`).
 */
export type MessageOverrides = Partial<Record<Language, Partial<Catalog>>>;

export const languages: readonly Language[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'zh', 'ko', 'tr'];

/** The catalogs other than English, each loaded with import() (a chunk of its own) when spoken. */
export const catalogLoaders: Record<Exclude<Language, 'en'>, () => Promise<Catalog>> = {
  es: () => import('./es').then((m) => m.es),
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
  pt: () => import('./pt').then((m) => m.pt),
  it: () => import('./it').then((m) => m.it),
  ja: () => import('./ja').then((m) => m.ja),
  zh: () => import('./zh').then((m) => m.zh),
  ko: () => import('./ko').then((m) => m.ko),
  tr: () => import('./tr').then((m) => m.tr),
};

/** A canonical BCP-47 tag, or undefined for a malformed one. */
export function canonicalLocale(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined; // not a well-formed BCP-47 tag
  }
}

/**
 * `tag` as a locale the checkout speaks, canonical and without extensions (`en_US` → `en-US`, `de-at`
 * → `de-AT`, a C library's `en_GB.UTF-8` → `en-GB`), or undefined: a language we lack, a wildcard,
 * `C`, `POSIX`, a malformed tag. A region keeps its language's catalog (`pt-BR`, `zh-Hant-TW` → zh)
 * and its own formatting.
 */
export function spokenLocale(tag: string | undefined): string | undefined {
  let locale: string;
  try {
    locale = new Intl.Locale(
      tag!
        .trim()
        .replace(/[.@].*/, '')
        .replace(/_/g, '-'),
    ).baseName;
  } catch {
    return undefined; // not a string, or not a well-formed BCP 47 tag
  }
  return languages.includes(locale.split('-')[0] as Language) ? locale : undefined;
}

/**
 * The locale of a shopper whose languages are `wanted`, most preferred first (the browser's
 * `navigator.languages`, or `acceptedLanguages` of its Accept-Language): the first the checkout
 * speaks, else `fallback` (the merchant's default language), else English.
 */
export function negotiateLocale(wanted: readonly string[], fallback = 'en'): string {
  for (const tag of wanted) {
    const locale = spokenLocale(tag);
    if (locale) return locale;
  }
  return fallback;
}

/** The tags of an Accept-Language header, most preferred first: by q-value, then as listed; q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 32) // a browser sends a handful; a longer header is not a shopper's
    .map((entry) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.find((p) => /^\s*q\s*=/i.test(p));
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1) || NaN) };
    })
    .filter((e) => e.tag && e.q > 0 && e.q <= 1)
    .sort((a, b) => b.q - a.q) // stable: equal weights keep their order
    .map((e) => e.tag);
}

/** `es-MX` → `es`, `zh-TW` → `zh` (one Chinese catalog); anything unknown or malformed → `en`. */
export function negotiateLanguage(tag?: string): Language {
  return (spokenLocale(tag)?.split('-')[0] as Language | undefined) ?? 'en';
}
