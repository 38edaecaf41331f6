// The page around the widget speaks the widget's language: its lang attribute, title and heading
// come from the same catalogue, for the `locale` option or else the browser's language.
import { createTranslator, loadCatalog, negotiateLanguage } from '../ui/i18n';
import type { Translator } from '../ui/i18n';

/** The locale the page and its widget speak. */
export const pageLocaleTag = (locale: string | undefined): string | undefined =>
  locale ?? globalThis.navigator?.language;

function pageTranslator(locale: string | undefined): Translator {
  return createTranslator(pageLocaleTag(locale));
}

/** The locale each document was last asked for: a catalog arriving late must not undo a newer one. */
const latest = new WeakMap<Document, string | undefined>();

/** Applies the language now (English until its catalog is here) and again once it has loaded. */
export function applyPageLocale(doc: Document, locale: string | undefined): void {
  const apply = () => {
    const t = pageTranslator(locale);
    doc.documentElement.lang = t.language;
    doc.title = t('name.widget');
  };
  latest.set(doc, locale);
  apply();
  void loadCatalog(negotiateLanguage(pageLocaleTag(locale))).then(() => {
    if (latest.get(doc) === locale) apply();
  });
}
