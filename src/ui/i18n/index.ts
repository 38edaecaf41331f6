export { en, type MessageKey } from './en';
export {
  createTranslator,
  negotiateLanguage,
  isMessageKey,
  languages,
  type Language,
  type MessageParams,
  type PluralKey,
  type TranslationKey,
  type Translator,
} from './translator';
export { statusKey, errorKey } from './codes';
export { I18nProvider, useTranslator } from './context';
