// The page around the widget speaks the widget's language: its lang attribute, title and heading
// come from the same catalogue, for the `locale` option or else the browser's language.
import { createTranslator } from '../ui/i18n';
import type { Translator } from '../ui/i18n';

export function pageTranslator(locale: string | undefined): Translator {
  return createTranslator(locale ?? globalThis.navigator?.language);
}

export function applyPageLocale(doc: Document, locale: string | undefined): void {
  const t = pageTranslator(locale);
  doc.documentElement.lang = t.language;
  doc.title = t('name.widget');
}
