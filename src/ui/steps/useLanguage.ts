import { negotiateLanguage, useLoaded } from '../i18n';
import { hasLanguage, loadLanguage } from './messages';

/**
 * Whether the screens can speak the language of `locale`: at once for English, else once its
 * catalogs (the kit's and the steps') have loaded. The widget renders nothing until then.
 */
export function useLanguage(locale: string | undefined): boolean {
  return useLoaded(negotiateLanguage(locale), hasLanguage, loadLanguage);
}
