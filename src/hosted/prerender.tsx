// The hosted page's first screen, rendered on the server (react-dom/server) from the page's URL and
// the first data the server writes into the page: the same tree the page then hydrates (start.tsx),
// so the price is painted with the HTML, before any script runs. Built for Node into
// dist/server/prerender.js; the host server loads it when it serves the page (server/http/first-screen.ts).
import { renderToString } from 'react-dom/server';
import type { FirstScreen, FirstScreenInput } from '../api/first-screen';
import { acceptedLanguages, createTranslator, loadCatalog, negotiateLanguage } from '../ui/i18n';
import { widgetCss } from '../ui/theme';
import { optionNotices } from '../widget/config';
import { checkoutLocale } from '../widget/locale';
import { readHostedConfig } from './hostedConfig';
import { HostedCheckout } from './HostedPage';
import { createOptionsStore } from './optionsStore';

/**
 * The first screen in the page's language, chosen from the request's Accept-Language as the page
 * chooses from the browser's languages (widget/locale.ts; the page loads the same words before it
 * takes the screen over, start.tsx), or undefined when the page would not show it from its first
 * data: a link with invalid options (the page shows what to fix instead).
 */
export async function prerender({
  search,
  firstData,
  apiBaseUrl,
  acceptLanguage,
}: FirstScreenInput): Promise<FirstScreen | undefined> {
  const config = readHostedConfig(search);
  if (!config.ok) return undefined;
  const languages = acceptedLanguages(acceptLanguage);
  const locale = checkoutLocale(config.options, languages);
  await loadCatalog(negotiateLanguage(locale));
  const html = renderToString(
    <HostedCheckout
      store={createOptionsStore(config.options)}
      apiBaseUrl={apiBaseUrl}
      firstBootstrap={firstData}
      languages={languages}
    />,
  );
  const t = createTranslator(locale);
  return {
    html,
    css: widgetCss,
    language: t.language,
    title: t('name.widget'),
    notices: optionNotices(config.options),
  };
}
