export { en, type MessageKey } from './en';
export { loadCatalog, loadedCatalog } from './catalogs';
export {
  acceptedLanguages,
  catalogLoaders,
  languages,
  negotiateLanguage,
  type Catalog,
  type Language,
  type MessageOverrides,
} from './languages';
export { messageNodes } from './nodes';
export { messagesIssues } from './overrides';
export {
  createTranslator,
  isMessageKey,
  type MessageParams,
  type PluralKey,
  type TranslationKey,
  type Translator,
} from './translator';
export { statusKey, errorKey } from './codes';
export { I18nProvider, useTranslator } from './context';
export { useLoaded } from './useLoaded';
