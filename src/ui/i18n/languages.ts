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

/** `es-MX` → `es`, `zh-TW` → `zh` (one Chinese catalog); anything unknown or malformed → `en`. */
export function negotiateLanguage(tag?: string): Language {
  const lang = canonicalLocale(tag)?.split('-')[0]?.toLowerCase();
  return languages.find((l) => l === lang) ?? 'en';
}
