// The Redis stores against a real Redis: several store sets on one server stand for several
// instances. Rate limits are exact across them, concurrent identical cache misses make one load,
// idempotent replays get the first answer wherever they land, leases have one holder at a time and
// expire, expiring records are seen by every instance until their TTL, and instances with different
// session secrets are refused. Without Redis: the pauses between reconnection attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotentRunner } from '../../proxy/sessions/idempotency';
import { createMemoryLogger } from '../../http/log';
import { missingServices, redisDb } from '../../testing/services';
import { SecretMismatchError, createRedisStores, reconnectDelay } from './redis';
import type { Stores } from './types';

const skip = missingServices('Redis stores', ['redis']);

it('reconnects to a Redis that is down with growing pauses, at most every second', () => {
  expect([1, 2, 3, 4, 5, 6, 100].map(reconnectDelay)).toEqual([100, 200, 400, 800, 1000, 1000, 1000]);
});

describe.skipIf(skip)('Redis stores (real Redis)', () => {
  const opened: Stores[] = [];
  let url = '';
  const open = async (fp?: string) => {
    const s = await createRedisStores({ url, log: createMemoryLogger(), secretFingerprint: fp });
    opened.push(s);
    return s;
  };
  let a: Stores & { redis: import('ioredis').Redis };
  let b: Stores;
  let c: Stores;

  beforeAll(async () => {
    url = redisDb(1);
    a = await createRedisStores({ url, log: createMemoryLogger() });
    opened.push(a);
    await a.redis.flushdb();
    b = await open();
    c = await open();
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });

  it('limits one client exactly across instances, as one token bucket', async () => {
    const rule = { burst: 5, perMinute: 1 };
    const limiters = [a, b, c].map((s) => s.rateLimiter('quote', rule));
    const decisions = [];
    for (let i = 0; i < 12; i++) decisions.push(await limiters[i % 3]!.take('198.51.100.1'));
    expect(decisions.filter((d) => d.ok)).toHaveLength(5);
    expect(decisions.slice(0, 5).every((d) => d.ok)).toBe(true);
    const refused = decisions[5]!;
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSec).toBeGreaterThanOrEqual(1);
    // Another client has its own bucket.
    expect((await limiters[1]!.take('198.51.100.2')).ok).toBe(true);
  });

  it('answers concurrent identical misses on several instances with one load', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 150));
      return { countries: ['US', 'DE'], n: loads };
    };
    const got = await Promise.all([a, b, c, a, b, c].map((s) => s.cache.load('countries:[]', 60_000, load)));
    expect(loads).toBe(1);
    for (const g of got) expect(g).toEqual({ countries: ['US', 'DE'], n: 1 });
    // A later miss on a fourth instance reads the shared answer.
    const d = await open();
    expect(await d.cache.load('countries:[]', 60_000, load)).toEqual({ countries: ['US', 'DE'], n: 1 });
    expect(loads).toBe(1);
    await d.cache.clear();
    await a.cache.load('countries:[]', 60_000, load);
    expect(loads).toBe(2);
  });

  const runner = (s: Stores) => new IdempotentRunner(s.idempotency<{ id: string }>('session'));

  it('replays an idempotent creation on any instance with the first answer, once', async () => {
    let creations = 0;
    const create = async () => {
      creations++;
      await new Promise((r) => setTimeout(r, 100));
      return { id: `session-${creations}` };
    };
    const key = `key-${Date.now()}`;
    const first = await runner(a).run(key, 'fp-1', create);
    expect(first).toEqual({ value: { id: 'session-1' }, replayed: false });
    expect(await runner(b).run(key, 'fp-1', create)).toEqual({ value: { id: 'session-1' }, replayed: true });
    expect(await runner(c).run(key, 'fp-1', create)).toEqual({ value: { id: 'session-1' }, replayed: true });
    expect(creations).toBe(1);
    // After "a restart": a fresh store set still replays it.
    const restarted = await open();
    expect(await runner(restarted).run(key, 'fp-1', create)).toEqual({
      value: { id: 'session-1' },
      replayed: true,
    });
    await expect(runner(restarted).run(key, 'fp-2', create)).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('reports a replay as pending while the first request is still running on another instance', async () => {
    let release = () => {};
    const slow = new Promise<{ id: string }>((r) => (release = () => r({ id: 'slow' })));
    const key = `pending-${Date.now()}`;
    const first = runner(a).run(key, 'fp', () => slow);
    await new Promise((r) => setTimeout(r, 50));
    await expect(runner(b).run(key, 'fp', () => slow)).rejects.toMatchObject({
      status: 503,
      code: 'SESSION_PENDING',
    });
    release();
    expect((await first).value).toEqual({ id: 'slow' });
    expect(await runner(b).run(key, 'fp', () => slow)).toEqual({ value: { id: 'slow' }, replayed: true });
  });

  it('forgets a failed creation so a retry with the same key may succeed', async () => {
    const key = `fail-${Date.now()}`;
    await expect(runner(a).run(key, 'fp', () => Promise.reject(new Error('upstream down')))).rejects.toThrow(
      'upstream down',
    );
    expect(await runner(b).run(key, 'fp', async () => ({ id: 'ok' }))).toEqual({
      value: { id: 'ok' },
      replayed: false,
    });
  });

  it('gives a lease to one holder at a time; it expires when not renewed', async () => {
    const name = `tx-${Date.now()}`;
    const held = await a.leases.acquire(name, 300);
    expect(held).not.toBeNull();
    expect(await b.leases.acquire(name, 300)).toBeNull();
    expect(await held!.renew()).toBe(true);
    // The holder "dies": no renewal, the lease lapses and another instance takes it.
    let taken = null;
    for (let i = 0; i < 40 && !taken; i++) {
      await new Promise((r) => setTimeout(r, 50));
      taken = await b.leases.acquire(name, 5_000);
    }
    expect(taken).not.toBeNull();
    expect(await held!.renew()).toBe(false);
    await held!.release(); // not the holder any more: nothing happens
    expect(await c.leases.acquire(name, 300)).toBeNull();
    await taken!.release();
    expect(await c.leases.acquire(name, 300)).not.toBeNull();
  });

  it('keeps expiring records for every instance until their TTL, apart per name', async () => {
    const key = `terms-${Date.now()}`;
    await a.records('quote-terms').put([{ key, value: '{"direction":"BUY"}' }], 300);
    expect(await b.records('quote-terms').get(key)).toBe('{"direction":"BUY"}');
    expect(await c.records('other').get(key)).toBeUndefined();
    let gone: string | undefined = 'kept';
    for (let i = 0; i < 40 && gone !== undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      gone = await c.records('quote-terms').get(key);
    }
    expect(gone).toBeUndefined();
  });

  it('refuses an instance whose session secret differs from a running one', async () => {
    await open('fingerprint-one');
    await open('fingerprint-one');
    await expect(open('fingerprint-two')).rejects.toBeInstanceOf(SecretMismatchError);
  });
});
