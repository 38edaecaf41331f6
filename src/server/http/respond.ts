// Answers of the hot paths (cached discovery, quotes) built whole: every header an /api/ramp answer
// carries, in one plain object. A repeat discovery read is answered from these headers before any
// middleware runs (hot-answers.ts), so they must equal what Hono's cors and secure-headers give the
// same answer on the full path (hot-answers.test.ts compares the two); on Node the adapter then
// writes such a response straight out without building a Headers object.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isHttps } from './client-address';
import type { ServerConfig } from '../config/config';
import type { AppEnv } from './context';
import { API_RESPONSE_HEADERS } from './headers';

const completed = new WeakSet<Response>();

/** Whether `res` already carries every header (made by `apiResponse`). */
export const isComplete = (res: Response): boolean => completed.has(res);

/** A response whose `headers` are all it needs (the hot path sends it past the middlewares). */
export function completeResponse(
  body: string | Uint8Array<ArrayBuffer>,
  status: ContentfulStatusCode,
  headers: Record<string, string>,
): Response {
  const res = new Response(body, { status, headers });
  completed.add(res);
  return res;
}

export interface Responder {
  /** Every header of an /api/ramp answer, with the route's own `headers`. */
  headers(c: Context<AppEnv>, headers: Record<string, string>): Record<string, string>;
  /** A JSON answer carrying all of them. */
  respond(
    c: Context<AppEnv>,
    body: string,
    status: ContentfulStatusCode,
    headers: Record<string, string>,
  ): Response;
  /** The same, from headers made by `headers()`. */
  complete(body: string, status: ContentfulStatusCode, headers: Record<string, string>): Response;
}

export function createResponder(config: ServerConfig): Responder {
  const allowed = new Set(config.allowedOrigins);
  const headers = (c: Context<AppEnv>, extra: Record<string, string>): Record<string, string> => {
    const h: Record<string, string> = {
      'Content-Type': 'application/json',
      ...extra,
      ...API_RESPONSE_HEADERS,
      'X-Request-Id': c.get('requestId'),
    };
    const origin = c.req.header('origin');
    if (origin !== undefined && allowed.has(origin)) {
      h['Access-Control-Allow-Origin'] = origin;
    }
    if (isHttps(c, config.trustProxy)) h['Strict-Transport-Security'] = 'max-age=31536000';
    return h;
  };
  return {
    headers,
    complete: completeResponse,
    respond: (c, body, status, extra) => completeResponse(body, status, headers(c, extra)),
  };
}
