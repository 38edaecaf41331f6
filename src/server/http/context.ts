// Types and constants shared by the app's route modules.

/** Hono variables set for every request. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The discovery cache's answer (HIT, MISS, STALE), for the request log. */
    cacheStatus?: string;
    clientAborted?: boolean;
    /** The route pattern the request matched, when a router below Hono's chose it (metrics labels). */
    route?: string;
  };
};

/** Answers that are per shopper or per moment: no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
