import { en, type MessageKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { de } from './de';

export type { MessageKey };
export type Language = 'en' | 'es' | 'fr' | 'de';
export type MessageParams = Record<string, string | number>;

/** Keys stored as `<base>_one` / `<base>_other`; callers pass `<base>` with a numeric `count`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;
export type TranslationKey = MessageKey | PluralKey;

export interface Translator {
  (key: TranslationKey, params?: MessageParams): string;
  /** The catalog in use. */
  readonly language: Language;
  /** A canonical BCP-47 tag for Intl formatting (the requested one when valid, else the language). */
  readonly locale: string;
}

const catalogs: Record<Language, Record<MessageKey, string>> = { en, es, fr, de };
export const languages = Object.keys(catalogs) as Language[];

function canonical(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined; // not a well-formed BCP-47 tag
  }
}

/** `es-MX` → `es`; anything unknown or malformed → `en`. */
export function negotiateLanguage(tag?: string): Language {
  const lang = canonical(tag)?.split('-')[0]?.toLowerCase();
  return lang && lang in catalogs ? (lang as Language) : 'en';
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

const PARAM = /\{(\w+)\}/g;

export function createTranslator(locale?: string): Translator {
  const language = negotiateLanguage(locale);
  const tag = canonical(locale) ?? language;
  const messages = catalogs[language];
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
