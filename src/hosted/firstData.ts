// The first bootstrap answer the server wrote into the page (server/http/first-data.ts), read once:
// the checkout seeds its cache with it instead of asking for it (queries/bootstrap.ts seedFromPage).
import type { PageBootstrap } from '../api/bootstrap';

/** The page's JSON block's id (the server's FIRST_DATA_ID). */
const ID = 'rc-first-data';

export function readFirstData(doc: Document): PageBootstrap | undefined {
  const text = doc.getElementById(ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<PageBootstrap> | null;
    return typeof data?.request === 'string' ? { request: data.request, answer: data.answer } : undefined;
  } catch {
    return undefined; // the widget asks for its data itself
  }
}
