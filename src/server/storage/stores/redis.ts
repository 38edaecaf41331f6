// The stores in Redis, for several instances behind a load balancer (RAMP_REDIS_URL). Every decision
// that must hold across instances is one atomic step on the Redis server: the token bucket is a Lua
// script timed by Redis's own clock, claims are SET NX with an expiry, leases are renewed and
// released only by their holder (compare-and-set scripts), and expiring records are SET with PX.
// Commands fail fast while Redis is down (no offline queue, a short command timeout) so a request is
// answered with a 503 rather than held.
import { backoff } from '../../../domain/backoff';
import { systemClock } from '../../http/clock';
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { RateRule } from '../../config/config';
import { IDEMPOTENCY_TTL_MS } from './idempotency';
import type { IdempotencyRecord, IdempotencyStore } from './idempotency';
import type { Logger } from '../../http/log';
import { DependencyUnavailable } from '../../http/errors';
import type { RateDecision } from '../../http/rate-limit';
import type { Lease } from './leases';
import type { DependencyState, Stores } from './types';

export interface RedisStoresOptions {
  url: string;
  log: Logger;
  /** Prefix of every key (several deployments may share one Redis). @default "ramp:" */
  prefix?: string;
  /** A fingerprint of RAMP_SESSION_SECRET (never the secret): instances that disagree are refused. */
  secretFingerprint?: string;
  /** How long a command may take before it counts as failed. @default 1000 */
  commandTimeoutMs?: number;
  /** The server's clock (the time an instance announces itself until, a pending record's start). */
  now?: () => number;
}

/** Refused at start: another live instance on this Redis signs with another RAMP_SESSION_SECRET. */
export class SecretMismatchError extends Error {
  constructor() {
    super(
      'RAMP_SESSION_SECRET differs from that of another running instance sharing this Redis (RAMP_REDIS_URL): ' +
        'every instance behind the load balancer must have the same RAMP_SESSION_SECRET',
    );
    this.name = 'SecretMismatchError';
  }
}

// Token bucket: the same rule as http/rate-limit.ts, on Redis's clock so instances' clocks do not matter.
// Returns {1, 0} when allowed, {0, retryAfterSec} when refused.
const TAKE = `
local burst = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
if b[1] then
  tokens = math.min(burst, tonumber(b[1]) + math.max(0, now - tonumber(b[2])) * perMs)
end
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 1000)
if ok == 1 then return {1, 0} end
return {0, math.max(1, math.ceil((1 - tokens) / perMs / 1000))}
`;
// Only the holder (the value it set) may extend or delete a key.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

interface Scripts {
  rcTake(key: string, burst: number, perMs: number): Promise<[number, number]>;
  rcRenew(key: string, token: string, ttlMs: number): Promise<number>;
  rcRelease(key: string, token: string): Promise<number>;
}

/** How long a cache fill or an idempotent creation may hold its claim before another may take over. */
const FILL_LOCK_MS = 15_000;
const PENDING_MS = 30_000;
const POLL_MS = 25;
const INSTANCE_TTL_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The pause before reconnection attempt `attempt` (ioredis counts from 1): 0.1, 0.2, 0.4, 0.8, then 1 s. */
export const reconnectDelay = (attempt: number): number =>
  backoff(attempt - 1, { firstMs: 100, maxMs: 1_000 });
const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 32);

export async function createRedisStores(o: RedisStoresOptions): Promise<Stores & { redis: Redis }> {
  const prefix = o.prefix ?? 'ramp:';
  const now = o.now ?? systemClock;
  const redis = new Redis(o.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: o.commandTimeoutMs ?? 1000,
    connectTimeout: 2000,
    // Keep trying while Redis is down, at most every 1 s: recovery needs no restart.
    retryStrategy: reconnectDelay,
  });
  let lastError: string | undefined;
  let wasUp = false;
  redis.on('error', (e: Error) => {
    const msg = (e as NodeJS.ErrnoException).code ?? e.name;
    if (msg !== lastError || wasUp) o.log.warn('redis unavailable', { error: msg });
    lastError = msg;
    wasUp = false;
  });
  redis.on('ready', () => {
    if (lastError) o.log.info('redis available again');
    lastError = undefined;
    wasUp = true;
  });
  try {
    await redis.connect();
  } catch (e) {
    redis.disconnect();
    throw new Error(
      `Could not connect to Redis at RAMP_REDIS_URL (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ` +
        'start Redis or correct the URL',
    );
  }
  redis.defineCommand('rcTake', { numberOfKeys: 1, lua: TAKE });
  redis.defineCommand('rcRenew', { numberOfKeys: 1, lua: RENEW });
  redis.defineCommand('rcRelease', { numberOfKeys: 1, lua: RELEASE });
  const scripts = redis as unknown as Scripts;

  // ---- several instances, one secret ----
  const instanceId = randomUUID();
  const instancesKey = `${prefix}instances`;
  /** The leases asked for through this instance (the names its jobs use). */
  const leaseNames = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  if (o.secretFingerprint !== undefined) {
    const mine = o.secretFingerprint;
    const announce = () =>
      redis.hset(instancesKey, instanceId, JSON.stringify({ fp: mine, until: now() + INSTANCE_TTL_MS }));
    // Announce first, then look: of two instances starting together, at least one sees the other.
    await announce();
    const others = await redis.hgetall(instancesKey);
    const stale: string[] = [];
    let mismatch = false;
    for (const [id, raw] of Object.entries(others)) {
      if (id === instanceId) continue;
      const rec = safeJson(raw) as { fp?: string; until?: number } | undefined;
      if (!rec || typeof rec.until !== 'number' || rec.until < now()) stale.push(id);
      else if (rec.fp !== mine) mismatch = true;
    }
    if (stale.length) await redis.hdel(instancesKey, ...stale);
    if (mismatch) {
      await redis.hdel(instancesKey, instanceId);
      redis.disconnect();
      throw new SecretMismatchError();
    }
    heartbeat = setInterval(() => void announce().catch(() => {}), INSTANCE_TTL_MS / 3);
    heartbeat.unref();
  }

  const health = async (): Promise<DependencyState> => {
    if (redis.status !== 'ready') return { up: false, error: `connection ${redis.status}` };
    const started = performance.now();
    try {
      await redis.ping();
      return { up: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
    } catch (e) {
      return { up: false, error: (e as Error).message.slice(0, 120) };
    }
  };

  return {
    kind: 'redis',
    redis,

    rateLimiter(name: string, rule: RateRule) {
      const perMs = rule.perMinute / 60_000;
      return {
        async take(client: string): Promise<RateDecision> {
          let r: [number, number];
          try {
            r = await scripts.rcTake(`${prefix}rl:${name}:${client}`, rule.burst, perMs);
          } catch {
            throw new DependencyUnavailable(name === 'quote' ? 'Quoting' : 'This service');
          }
          return r[0] === 1 ? { ok: true } : { ok: false, retryAfterSec: r[1] };
        },
      };
    },

    cache: {
      async load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
        const k = `${prefix}cache:${digest(key)}`;
        const lock = `${k}:fill`;
        // Redis unreachable: the upstream answers directly (each instance still single-flights its own).
        let hit: string | null;
        try {
          hit = await redis.get(k);
        } catch {
          return load();
        }
        if (hit !== null) return JSON.parse(hit) as T;
        const token = randomUUID();
        let claimed: string | null;
        try {
          claimed = await redis.set(lock, token, 'PX', FILL_LOCK_MS, 'NX');
        } catch {
          return load();
        }
        if (claimed) {
          try {
            // Checked again under the claim: a fill that ended between our miss and our claim
            // (its answer stored, its claim released) must not be loaded a second time.
            const filled = await redis.get(k).catch(() => null);
            if (filled !== null) return JSON.parse(filled) as T;
            const value = await load();
            await redis.set(k, JSON.stringify(value), 'PX', ttlMs).catch(() => {});
            return value;
          } finally {
            await scripts.rcRelease(lock, token).catch(() => {});
          }
        }
        // Another instance is filling it: wait for its answer, or load ourselves if it gave up.
        // A wait against timers: measured on their monotonic clock.
        const deadline = performance.now() + FILL_LOCK_MS;
        try {
          while (performance.now() < deadline) {
            await sleep(POLL_MS);
            const [[, v], [, filling]] = (await redis.multi().get(k).exists(lock).exec()) as [
              [unknown, string | null],
              [unknown, number],
            ];
            if (v !== null) return JSON.parse(v) as T;
            if (!filling) break;
          }
        } catch {
          // Redis went away while waiting: fall through.
        }
        return load();
      },
      async clear() {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}cache:*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      },
    },

    idempotency<T>(name: string, opts: { ttlMs?: number } = {}): IdempotencyStore<T> {
      const ttlMs = opts.ttlMs ?? IDEMPOTENCY_TTL_MS;
      const keyOf = (key: string) => `${prefix}idem:${name}:${key}`;
      // The pending record each claim wrote: fail() removes exactly that one, never a later claim.
      const claims = new Map<string, string>();
      const guard = async <R>(op: () => Promise<R>): Promise<R> => {
        try {
          return await op();
        } catch {
          throw new DependencyUnavailable('Checkout creation');
        }
      };
      return {
        get: (key) =>
          guard(async () => {
            const raw = await redis.get(keyOf(key));
            return raw === null ? undefined : (JSON.parse(raw) as IdempotencyRecord<T>);
          }),
        putPending: (key, fingerprint) =>
          guard(async () => {
            const record = JSON.stringify({ state: 'pending', fingerprint, since: now() });
            // Expires on its own if this instance dies before the upstream answers.
            const claimed = await redis.set(keyOf(key), record, 'PX', PENDING_MS, 'NX');
            if (claimed) claims.set(key, record);
            return claimed !== null;
          }),
        complete: async (key, value) => {
          const pending = claims.get(key);
          claims.delete(key);
          const fingerprint = pending ? (JSON.parse(pending) as { fingerprint: string }).fingerprint : '';
          const done = JSON.stringify({ state: 'done', fingerprint, value });
          // The session is in the ledger whatever happens here: a replay then gets it from there.
          await redis
            .set(keyOf(key), done, 'PX', ttlMs)
            .catch((e: Error) => o.log.warn('idempotency record not stored', { error: e.message }));
        },
        fail: async (key) => {
          const pending = claims.get(key);
          claims.delete(key);
          if (pending) await scripts.rcRelease(keyOf(key), pending).catch(() => {});
        },
      };
    },

    records(name: string) {
      const keyOf = (key: string) => `${prefix}rec:${name}:${digest(key)}`;
      return {
        async put(entries, ttlMs) {
          if (entries.length === 0) return;
          const tx = redis.multi();
          for (const { key, value } of entries) tx.set(keyOf(key), value, 'PX', ttlMs);
          try {
            await tx.exec();
          } catch {
            throw new DependencyUnavailable('Quoting');
          }
        },
        async get(key) {
          try {
            return (await redis.get(keyOf(key))) ?? undefined;
          } catch {
            throw new DependencyUnavailable('Checkout creation');
          }
        },
      };
    },

    leases: {
      async acquire(name: string, ttlMs: number): Promise<Lease | null> {
        leaseNames.add(name);
        const k = `${prefix}lease:${name}`;
        // Names its holder (host and process) for whoever looks at Redis; unique per acquisition.
        const token = `${hostname()}:${process.pid}:${randomUUID()}`;
        const got = await redis.set(k, token, 'PX', ttlMs, 'NX');
        if (!got) return null;
        // The holder as /metrics reports it, kept past the pass (leases.ts, held()).
        const holder = () => redis.set(`${prefix}lease-holder:${name}`, instanceId, 'PX', 2 * ttlMs);
        await holder();
        return {
          renew: async () => (await scripts.rcRenew(k, token, ttlMs)) === 1 && (await holder()) === 'OK',
          release: async () => void (await scripts.rcRelease(k, token)),
        };
      },
      async held() {
        const names = [...leaseNames];
        if (names.length === 0) return {};
        const holders = await redis.mget(names.map((n) => `${prefix}lease-holder:${n}`));
        return Object.fromEntries(names.map((n, i) => [n, holders[i] === instanceId]));
      },
    },

    health,

    async close() {
      if (heartbeat) clearInterval(heartbeat);
      await redis.hdel(instancesKey, instanceId).catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
