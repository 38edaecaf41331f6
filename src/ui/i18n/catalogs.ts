// Which catalogs are here. English ships with the widget's view; the others are loaded with import()
// when a widget speaks them, so a page in English never downloads them.
import { en } from './en';
import { catalogLoaders, type Catalog, type Language } from './languages';

// Catalogs are immutable data: sharing them between widget instances shares no state.
const loaded: Partial<Record<Language, Catalog>> = { en };

/** The catalog of `language` if it is loaded (English always is). */
export function loadedCatalog(language: Language): Catalog | undefined {
  return loaded[language];
}

/**
 * Loads the catalog of `language`. Never rejects: a catalog that cannot be loaded (a failed chunk
 * request) leaves English in its place, since a widget in English beats no widget. A later call
 * tries again.
 */
export async function loadCatalog(language: Language): Promise<void> {
  if (loaded[language] || language === 'en') return;
  try {
    loaded[language] = await catalogLoaders[language]();
  } catch (error) {
    console.warn(`ramp-checkout: the "${language}" texts did not load, showing English`, error);
  }
}
