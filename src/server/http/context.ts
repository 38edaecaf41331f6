// Types and constants shared by the app's route modules.

/** Hono variables set for every request. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The discovery cache's answer (HIT, MISS, STALE), for the request log. */
    cacheStatus?: string;
    clientAborted?: boolean;
  };
};

/** Answers that are per shopper or per moment: no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
