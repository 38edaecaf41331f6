// Types and constants shared by the app's route modules.
import type { Connection } from './client-address';
import type { HeaderRecord } from './headers';

/** Hono variables set for every request. */
export type AppEnv = {
  /** What the entry knows of the connection (client-address.ts). */
  Bindings: Connection;
  Variables: {
    requestId: string;
    /** The discovery cache's answer (HIT, MISS, STALE), for the request log. */
    cacheStatus?: string;
    clientAborted?: boolean;
    /** The route pattern the request matched, when a router below Hono's chose it (metrics labels). */
    route?: string;
    /** /api/ramp's headers for this request (headers.ts apiHeaders), added to its answer after the route. */
    apiHeaders?: HeaderRecord;
    /** The answer carries every header already (a repeat of a fresh read): nothing is added after it. */
    headersComplete?: boolean;
    /** No route of the server's matched: a framework in front may pass the request on. */
    unowned?: boolean;
  };
};

const unowned = new WeakSet<Response>();

/** Marks an answer to a path the server does not serve (its plain 404). */
export const markUnowned = (res: Response): void => void unowned.add(res);

/** Whether `res` is the server's 404 for a path it does not serve (nodeHandler then calls `next()`). */
export const isUnowned = (res: Response): boolean => unowned.has(res);

/** Answers that are per shopper or per moment: no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
