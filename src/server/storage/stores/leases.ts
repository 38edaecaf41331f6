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
}

export function memoryLeases(now: () => number = systemClock): Leases {
  const held = new Map<string, { token: symbol; until: number }>();
  return {
    async acquire(name, ttlMs) {
      const cur = held.get(name);
      if (cur && cur.until > now()) return null;
      const token = Symbol(name);
      held.set(name, { token, until: now() + ttlMs });
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
