import { describe, expect, it } from 'vitest';
import { TtlCache } from './cache';
import { manualClock } from '../../testing/clock';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

const setup = (o: { swr?: number; sie?: number; max?: number } = {}) => {
  const clock = manualClock();
  const cache = new TtlCache({
    ttlMs: 1000,
    staleWhileRevalidateMs: o.swr ?? 0,
    staleIfErrorMs: o.sie ?? 10_000,
    maxEntries: o.max ?? 100,
    now: clock.now,
  });
  return { clock, cache };
};

describe('TtlCache', () => {
  it('loads once and serves hits within the TTL', async () => {
    const { cache, clock } = setup();
    let calls = 0;
    const load = async () => ++calls;
    const t0 = clock.now();
    expect(await cache.get('k', load)).toEqual({ value: 1, status: 'MISS', freshUntil: t0 + 1000 });
    clock.advance(999);
    expect(await cache.get('k', load)).toEqual({ value: 1, status: 'HIT', freshUntil: t0 + 1000 });
    clock.advance(1);
    expect(await cache.get('k', load)).toMatchObject({ value: 2, status: 'MISS' });
  });

  it('shares one load between concurrent misses of the same key (single flight)', async () => {
    const { cache } = setup();
    const d = deferred<string>();
    let calls = 0;
    const load = () => (calls++, d.promise);
    const all = Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    d.resolve('v');
    const results = await all;
    expect(calls).toBe(1);
    expect(results.every((r) => r.value === 'v')).toBe(true);
  });

  it('does not share loads between different keys', async () => {
    const { cache } = setup();
    let calls = 0;
    await Promise.all([cache.get('a', async () => ++calls), cache.get('b', async () => ++calls)]);
    expect(calls).toBe(2);
  });

  it('caches null as a value', async () => {
    const { cache } = setup();
    let calls = 0;
    await cache.get('k', async () => (calls++, null));
    expect(await cache.get('k', async () => (calls++, null))).toMatchObject({ value: null, status: 'HIT' });
    expect(calls).toBe(1);
  });

  it('serves the stale value when a refresh fails, within the bound', async () => {
    const { cache, clock } = setup({ sie: 10_000 });
    await cache.get('k', async () => 'old');
    clock.advance(5_000);
    const failing = async () => {
      throw new Error('upstream down');
    };
    expect(await cache.get('k', failing)).toMatchObject({ value: 'old', status: 'STALE' });
    clock.advance(6_000); // 11 s old: past TTL + bound
    await expect(cache.get('k', failing)).rejects.toThrow('upstream down');
  });

  it('does not stand in for failures it is told not to', async () => {
    const clock = manualClock();
    const cache = new TtlCache({
      ttlMs: 1000,
      staleWhileRevalidateMs: 0,
      staleIfErrorMs: 10_000,
      now: clock.now,
      serveStaleOn: () => false,
    });
    await cache.get('k', async () => 'old');
    clock.advance(2000);
    await expect(cache.get('k', () => Promise.reject(new Error('400')))).rejects.toThrow('400');
  });

  it('does not cache failures', async () => {
    const { cache } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('k', async () => 'ok')).toMatchObject({ value: 'ok', status: 'MISS' });
  });

  it('answers stale at once and refreshes in the background within the revalidate window', async () => {
    const { cache, clock } = setup({ swr: 5_000 });
    await cache.get('k', async () => 'old');
    clock.advance(2_000);
    const d = deferred<string>();
    let calls = 0;
    expect(await cache.get('k', () => (calls++, d.promise))).toMatchObject({ value: 'old', status: 'STALE' });
    expect(await cache.get('k', () => (calls++, d.promise))).toMatchObject({ value: 'old', status: 'STALE' });
    expect(calls).toBe(1);
    d.resolve('new');
    await d.promise;
    await Promise.resolve();
    expect(await cache.get('k', async () => 'unused')).toMatchObject({ value: 'new', status: 'HIT' });
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = setup({ max: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => 'reloaded')).status).toBe('HIT');
    expect((await cache.get('b', async () => 'reloaded')).value).toBe('reloaded');
  });
});
