// The page around the widget speaks the widget's language: its lang attribute, title and heading
// come from the same catalogue, for the locale the widget speaks (widget/locale.ts).
import { createTranslator, loadCatalog, negotiateLanguage } from '../ui/i18n';
import type { RampCheckoutOptions } from '../widget/config';
import { checkoutLocale } from '../widget/locale';

/** The locale each document was last asked for: a catalog arriving late must not undo a newer one. */
const latest = new WeakMap<Document, string>();

/**
 * Applies the language of `options` for the shopper's `languages` (default: the browser's) now
 * (English until its catalog is here) and again once it has loaded.
 */
export function applyPageLocale(
  doc: Document,
  options: RampCheckoutOptions,
  languages?: readonly string[],
): void {
  const locale = checkoutLocale(options, languages);
  const apply = () => {
    const t = createTranslator(locale);
    doc.documentElement.lang = t.language;
    doc.title = t('name.widget');
  };
  latest.set(doc, locale);
  apply();
  void loadCatalog(negotiateLanguage(locale)).then(() => {
    if (latest.get(doc) === locale) apply();
  });
}
