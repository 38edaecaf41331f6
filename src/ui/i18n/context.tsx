import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { loadCatalog, loadedCatalog } from './catalogs';
import { negotiateLanguage, type Language, type MessageOverrides } from './languages';
import { createTranslator, type Translator } from './translator';
import { useLoaded } from './useLoaded';

const english = createTranslator('en');
// Per tree, not global: each widget instance provides its own translator.
const I18nContext = createContext<Translator>(english);

const hasCatalog = (language: Language) => !!loadedCatalog(language);

/**
 * Provides the translator of `locale`. Its children render once that language's catalog is loaded
 * (English: at once), so nothing is ever shown in one language and then another.
 */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale?: string;
  /** The merchant's own words (the `messages` option). */
  messages?: MessageOverrides;
  children: ReactNode;
}) {
  const ready = useLoaded(negotiateLanguage(locale), hasCatalog, loadCatalog);
  // Options often arrive as a new object each render: the words, not the object, decide.
  const words = messages && JSON.stringify(messages);
  // Made again once ready: a translator made before its catalog arrived speaks English.
  const t = useMemo(
    () =>
      ready ? createTranslator(locale, words ? (JSON.parse(words) as MessageOverrides) : undefined) : english,
    [locale, ready, words],
  );
  return ready ? <I18nContext.Provider value={t}>{children}</I18nContext.Provider> : null;
}

/** The translator of the nearest I18nProvider (English outside any provider). */
export function useTranslator(): Translator {
  return useContext(I18nContext);
}
