// The hosted page's first data inside the page: when the page's URL says which bootstrap request the
// widget will make (http/preload.ts), the server makes it itself, in process through its own
// /bootstrap route (same checks, caches and opening quote), and writes the answer into the page as a
// JSON block the widget seeds its cache from (hosted/firstData.ts): no round trip after the scripts.
// Within a short budget only: late or failed, the page goes out as before, with the preload header.
import { FIRST_DATA_ID } from '../../api/first-screen';

/** How long the page waits for its first data before it goes out without it. */
export const FIRST_DATA_BUDGET_MS = 300;

/** What the page carries: the request the widget would make, and its answer (as /bootstrap sends it). */
export interface FirstData {
  request: string;
  answer: unknown;
}

/**
 * The answer of `path` (an /api/ramp/bootstrap request) from the app itself (`ask`), for the shopper
 * whose request `from` is, or undefined if not 200 in time. The answer's cookie (the shopper id the
 * opening quote was asked under) is not passed on: the page's request never carries the shopper's
 * own (it is scoped to the API's path), so passing it on would replace a returning shopper's id.
 */
export async function loadFirstData(
  ask: (request: Request) => Response | Promise<Response>,
  from: Request,
  path: string,
  budgetMs = FIRST_DATA_BUDGET_MS,
): Promise<FirstData | undefined> {
  // The shopper's own headers that the route reads: the country's fallback, the client.
  const headers = new Headers();
  for (const name of ['accept-language', 'user-agent']) {
    const value = from.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const asked = (async () => {
    const res = await ask(new Request(new URL(path, from.url), { headers }));
    if (res.status !== 200) return undefined;
    return { request: path, answer: (await res.json()) as unknown };
  })().catch(() => undefined);
  let expire = () => {};
  const late = new Promise<undefined>((resolve) => (expire = () => resolve(undefined)));
  const timer = setTimeout(expire, budgetMs);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A `<script type="application/json">` block of `value`, safe inside HTML: `<` (so no `</script>` or
 * `<!--`), `>` and `&` as JSON escapes, and U+2028/U+2029, which old parsers take for line ends.
 */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The page with its first data, placed before the page's scripts (`</head>`); undefined without a head. */
export function withFirstData(html: string, data: FirstData): string | undefined {
  const block = jsonScript(FIRST_DATA_ID, data);
  const at = html.indexOf('</head>');
  return at < 0 ? undefined : html.slice(0, at) + block + html.slice(at);
}
