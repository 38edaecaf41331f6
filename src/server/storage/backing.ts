// What an instance keeps its state in, chosen by the configuration: unset, everything in process
// (stores) and embedded (ledger: opened by the server itself); RAMP_REDIS_URL and RAMP_DATABASE_URL,
// Redis stores and the PostgreSQL ledger, shared by every instance behind the load balancer. The
// modules for Redis and PostgreSQL are loaded only when configured: the quick start loads neither.
import { createHmac } from 'node:crypto';
import type { ServerConfig } from '../config/config';
import type { Ledger } from './ledger/ledger';
import type { Logger } from '../http/log';
import { createMemoryStores } from './stores/memory';
import type { DependencyState, Stores } from './stores/types';

export interface Backing {
  stores: Stores;
  /** The shared ledger (PostgreSQL); null: the server opens its embedded one. */
  ledger: Ledger | null;
  /** Shared services beside the stores, for /healthz and /readyz. */
  dependencies: Record<string, () => Promise<DependencyState>>;
  close(): Promise<void>;
}

/** Why the instance must not start (a dependency unreachable, another instance's secret differs). */
export class BackingError extends Error {
  override name = 'BackingError';
}

export async function openBacking(
  config: ServerConfig,
  o: { log: Logger; now?: () => number },
): Promise<Backing> {
  if (config.redisUrl === null || config.databaseUrl === null) {
    return {
      stores: createMemoryStores({ now: o.now }),
      ledger: null,
      dependencies: {},
      close: async () => {},
    };
  }
  const [{ createRedisStores }, { openPostgresLedger }] = await Promise.all([
    import('./stores/redis'),
    import('./ledger/postgres'),
  ]);
  let stores: Stores;
  try {
    stores = await createRedisStores({
      url: config.redisUrl,
      log: o.log,
      secretFingerprint: secretFingerprint(config.sessionSecret),
      now: o.now,
    });
  } catch (e) {
    throw new BackingError((e as Error).message);
  }
  try {
    const pg = await openPostgresLedger(config.databaseUrl, {
      log: o.log,
      now: o.now,
      migrate: config.migrate,
    });
    if (pg.applied.length) o.log.info('ledger migrated', { versions: pg.applied });
    return {
      stores,
      ledger: pg.ledger,
      dependencies: { postgres: pg.health },
      close: async () => {
        await Promise.allSettled([stores.close(), pg.ledger.close()]);
      },
    };
  } catch (e) {
    await stores.close();
    throw new BackingError((e as Error).message);
  }
}

/** Says whether two instances share RAMP_SESSION_SECRET without saying anything about it. */
export const secretFingerprint = (secret: string): string =>
  createHmac('sha256', secret).update('ramp-checkout:instance-secret-check').digest('base64url');
