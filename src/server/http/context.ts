// Types and constants shared by the app's route modules.
import type { Connection } from './client-address';

/** Hono variables set for every request. */
export type AppEnv = {
  /** What the entry knows of the connection (client-address.ts). */
  Bindings: Connection;
  Variables: {
    requestId: string;
    /** The discovery cache's answer (HIT, MISS, STALE), for the request log. */
    cacheStatus?: string;
    clientAborted?: boolean;
  };
};

/** Answers that are per shopper or per moment: no cache may keep them. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
