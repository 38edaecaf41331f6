// Work that one instance at a time should do (the status sync, the webhook sender) runs under a
// lease. In one process the in-memory leases below are enough; several instances share leases
// through Redis (redis.ts), implementing the same interface.
import { systemClock } from '../../http/clock';

export interface Lease {
  /** Extends the lease; false when it was lost (expired and taken by another holder). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export interface Leases {
  /** The lease `name` for `ttlMs`, or null while another holder has it. */
  acquire(name: string, ttlMs: number): Promise<Lease | null>;
  /**
   * For each lease asked for here, whether this instance is its holder. A job takes its lease for
   * each pass and lets it go between passes, so the holder is the instance holding it now or, between
   * passes, the last one that did (for two lease lifetimes): across instances, one per lease.
   */
  held(): Promise<Record<string, boolean>>;
}

export function memoryLeases(now: () => number = systemClock): Leases {
  const held = new Map<string, { token: symbol; until: number }>();
  // One process, one holder: a lease is this instance's once it has taken it.
  const asked = new Map<string, boolean>();
  return {
    async held() {
      return Object.fromEntries(asked);
    },
    async acquire(name, ttlMs) {
      if (!asked.get(name)) asked.set(name, false);
      const cur = held.get(name);
      if (cur && cur.until > now()) return null;
      const token = Symbol(name);
      held.set(name, { token, until: now() + ttlMs });
      asked.set(name, true);
      const mine = () => held.get(name)?.token === token;
      return {
        async renew() {
          if (!mine()) return false;
          held.set(name, { token, until: now() + ttlMs });
          return true;
        },
        async release() {
          if (mine()) held.delete(name);
        },
      };
    },
  };
}
