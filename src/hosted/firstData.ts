// The first bootstrap answer the server wrote into the page (server/http/first-data.ts), read once:
// the checkout's `bootstrap` option, which seeds its cache instead of asking (queries/bootstrap.ts seedFromPage).
import type { RampBootstrap } from '../api/bootstrap';
import { FIRST_DATA_ID } from '../api/first-screen';

/** Its content when it has the shape of one; its answer is checked by the widget before use. */
export function readFirstData(doc: Document): RampBootstrap | undefined {
  try {
    const data = JSON.parse(
      doc.getElementById(FIRST_DATA_ID)?.textContent ?? '',
    ) as Partial<RampBootstrap> | null;
    return typeof data?.request === 'string' && 'answer' in data ? (data as RampBootstrap) : undefined;
  } catch {
    return undefined; // none, or malformed: the widget asks for its data itself
  }
}
