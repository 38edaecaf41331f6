import { loadedCatalog } from './catalogs';
import { en, type MessageKey } from './en';
import { canonicalLocale, negotiateLanguage, type Language } from './languages';

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

const PARAM = /\{(\w+)\}/g;

/**
 * Says messages in the language of `locale`, once its catalog is loaded (see catalogs.ts); until
 * then in English, keeping `locale` for number and date formatting either way.
 */
export function createTranslator(locale?: string): Translator {
  const wanted = negotiateLanguage(locale);
  const catalog = loadedCatalog(wanted);
  const language = catalog ? wanted : 'en';
  const messages = catalog ?? en;
  const tag = canonicalLocale(locale) ?? language;
  let plurals: Intl.PluralRules | undefined;

  const t = (key: TranslationKey, params?: MessageParams): string => {
    let template: string | undefined = (messages as Record<string, string>)[key];
    if (template === undefined && typeof params?.count === 'number') {
      plurals ??= new Intl.PluralRules(language);
      const m = messages as Record<string, string>;
      template = m[`${key}_${plurals.select(params.count)}`] ?? m[`${key}_other`];
    }
    if (template === undefined) return key; // a key outside the catalog: visible, never a crash
    return params ? template.replace(PARAM, (all, name: string) => String(params[name] ?? all)) : template;
  };
  return Object.assign(t, { language, locale: tag });
}
