// Repeat discovery reads answered before routing. While a discovery answer is fresh in the cache,
// its whole response (body and every header, as the full pipeline built it) is kept by what makes
// it differ: the request URL, the Origin header (CORS) and, behind a trusted proxy, the forwarded
// scheme (HSTS). A repeat of the same read then skips validation, routing and serialisation; it
// gets its own request id. Nothing is kept past the cache entry's freshness, so a stale entry still
// takes the full path (and its background refresh). Size-bounded, least recently used first out.
import type { Context } from 'hono';
import { completeResponse } from './respond';

interface Answer {
  /** Encoded once: the socket gets the bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
  freshUntil: number;
  /** The route pattern it answers (metrics labels). */
  route?: string;
}

export interface HotAnswers {
  /** The kept response for this request, with `requestId`, or undefined. */
  answer(c: Context, requestId: string): Response | undefined;
  keep(c: Context, body: string, headers: Record<string, string>, freshUntil: number): void;
  clear(): void;
}

export function createHotAnswers(o: { now: () => number; trustProxy: boolean; max?: number }): HotAnswers {
  const max = o.max ?? 500;
  const answers = new Map<string, Answer>();
  const keyOf = (c: Context) => {
    const origin = c.req.header('origin') ?? '';
    const proto = o.trustProxy ? (c.req.header('x-forwarded-proto') ?? '') : '';
    return `${c.req.url}\n${origin}\n${proto}`;
  };
  return {
    answer(c, requestId) {
      if (c.req.method !== 'GET' || answers.size === 0) return undefined;
      const key = keyOf(c);
      const a = answers.get(key);
      if (!a) return undefined;
      if (a.freshUntil <= o.now()) {
        answers.delete(key);
        return undefined;
      }
      answers.delete(key);
      answers.set(key, a);
      if (a.route) c.set('route', a.route);
      return completeResponse(a.body, 200, { ...a.headers, 'X-Request-Id': requestId });
    },
    keep(c, body, headers, freshUntil) {
      if (c.req.method !== 'GET' || freshUntil <= o.now()) return;
      const key = keyOf(c);
      answers.delete(key);
      const bytes = new TextEncoder().encode(body);
      answers.set(key, {
        body: bytes,
        headers: { ...headers, 'Content-Length': String(bytes.byteLength) },
        freshUntil,
        route: c.get('route') as string | undefined,
      });
      while (answers.size > max) answers.delete(answers.keys().next().value as string);
    },
    clear: () => answers.clear(),
  };
}
