import { loadedCatalog } from './catalogs';
import { en, type MessageKey } from './en';
import { canonicalLocale, negotiateLanguage, type Language, type MessageOverrides } from './languages';

export type { Language, MessageKey };
export type MessageParams = Record<string, string | number>;

/** Keys stored as `<base>_one` / `<base>_other`; callers pass `<base>` with a numeric `count`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;
export type TranslationKey = MessageKey | PluralKey;

export interface Translator {
  (key: TranslationKey, params?: MessageParams): string;
  /** The language of the catalog in use (English while the asked one is not loaded). */
  readonly language: Language;
  /** A canonical BCP-47 tag for Intl formatting (the requested one when valid, else the language). */
  readonly locale: string;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** A message's placeholder, `{name}`. */
export const PARAM = /\{(\w+)\}/g;

/**
 * Says messages in the language of `locale`, once its catalog is loaded (see catalogs.ts); until
 * then in English, keeping `locale` for number and date formatting either way. The merchant's
 * `overrides` of that language win over the catalog. Plural messages (`<key>_one`, `<key>_other`,
 * and whichever forms the language has) are chosen by `Intl.PluralRules` from `count`.
 */
export function createTranslator(locale?: string, overrides?: MessageOverrides): Translator {
  const wanted = negotiateLanguage(locale);
  const catalog = loadedCatalog(wanted);
  const language = catalog ? wanted : 'en';
  const own: Record<string, string | undefined> = overrides?.[language] ?? {};
  const base: Record<string, string | undefined> = catalog ?? en;
  const lookup = (key: string) => own[key] ?? base[key];
  const tag = canonicalLocale(locale) ?? language;
  let plurals: Intl.PluralRules | undefined;

  const t = (key: TranslationKey, params?: MessageParams): string => {
    let template = lookup(key);
    if (template === undefined && typeof params?.count === 'number') {
      plurals ??= new Intl.PluralRules(language);
      template = lookup(`${key}_${plurals.select(params.count)}`) ?? lookup(`${key}_other`);
    }
    if (template === undefined) return key; // a key outside the catalog: visible, never a crash
    return params ? template.replace(PARAM, (all, name: string) => String(params[name] ?? all)) : template;
  };
  return Object.assign(t, { language, locale: tag });
}
