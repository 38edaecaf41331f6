// Where the steps' words in other languages come from, each a chunk of its own; and the warm-up the
// widget's core runs as it mounts, so that a language is on its way while the view itself loads.
import { catalogLoaders, negotiateLanguage } from '../../i18n';
import type { Language } from '../../i18n';
import type { StepCatalog } from '../messages';

export const stepMessageLoaders: Record<Exclude<Language, 'en'>, () => Promise<StepCatalog>> = {
  es: () => import('./es').then((m) => m.es),
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
};

/**
 * Starts fetching the catalogs of `locale`'s language (English needs none). The module loader keeps
 * them for loadLanguage, which also reports a failure; here it is only a head start.
 */
export function preloadLanguage(locale: string | undefined): void {
  const language = negotiateLanguage(locale);
  if (language === 'en') return;
  catalogLoaders[language]().catch(() => {});
  stepMessageLoaders[language]().catch(() => {});
}
