// What the host server asks of the hosted page's server renderer (src/hosted/prerender.tsx, loaded by
// server/http/first-screen.ts), in the one layer both may import.
import type { RampBootstrap } from './bootstrap';

/** The id of the page's JSON block holding its first data (written by the server, read by the page). */
export const FIRST_DATA_ID = 'rc-first-data';
/** The root element's mark that the server rendered the first screen in it ('replaced' once React had to render it afresh). */
export const RENDERED_MARK = 'data-rc-ssr';

export interface FirstScreenInput {
  /** The page's query string. */
  search: string;
  /** The bootstrap answer written into the page, and the request it answers. */
  firstData: RampBootstrap;
  /** The proxy as the page sees it. */
  apiBaseUrl: string;
  /** The request's Accept-Language: the shopper's languages, as the browser reports them. */
  acceptLanguage?: string;
}

export interface FirstScreen {
  /** The markup of the page's root element. */
  html: string;
  /** The widget's stylesheet, which the page's script would otherwise add when it runs. */
  css: string;
  /** The language it is in (a primary language subtag, `de`): the page's `lang` and Content-Language. */
  language: string;
  /** The page's title in that language. */
  title: string;
  /** What the merchant must fix in the link that did not stop the page (a language it cannot speak). */
  notices: string[];
}

/** Renders the first screen, or undefined when the page would not show it from its first data. */
export type RenderFirstScreen = (input: FirstScreenInput) => Promise<FirstScreen | undefined>;
