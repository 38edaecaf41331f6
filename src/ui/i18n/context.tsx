import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type Translator } from './translator';

const english = createTranslator('en');
// Per tree, not global: each widget instance provides its own translator.
const I18nContext = createContext<Translator>(english);

export function I18nProvider({ locale, children }: { locale?: string; children: ReactNode }) {
  const t = useMemo(() => createTranslator(locale), [locale]);
  return <I18nContext value={t}>{children}</I18nContext>;
}

/** The translator of the nearest I18nProvider (English outside any provider). */
export function useTranslator(): Translator {
  return useContext(I18nContext);
}
