// The first bootstrap answer the server wrote into the page (server/http/first-data.ts), read once:
// the checkout seeds its cache with it instead of asking for it (queries/bootstrap.ts seedFromPage).
import type { PageBootstrap } from '../api/bootstrap';

/** The page's JSON block's id (the server's FIRST_DATA_ID). */
const ID = 'rc-first-data';

/** Its content, checked by the widget before use (queries/bootstrap.ts seedFromPage). */
export function readFirstData(doc: Document): PageBootstrap | undefined {
  try {
    return JSON.parse(doc.getElementById(ID)?.textContent ?? '') as PageBootstrap;
  } catch {
    return undefined; // none, or malformed: the widget asks for its data itself
  }
}
