import { describe, expect, it } from 'vitest';
import { IdempotentRunner } from './idempotency';
import { MemoryIdempotencyStore } from '../../storage/stores/idempotency';
import { manualClock } from '../../testing/clock';
import { deadlineError } from '../../http/deadline';

const runner = (now = manualClock().now, ttlMs?: number) =>
  new IdempotentRunner(new MemoryIdempotencyStore<number>({ now, ttlMs }));

describe('IdempotentRunner', () => {
  it('runs once per key and replays the answer', async () => {
    const r = runner();
    let calls = 0;
    const create = async () => ++calls;
    expect(await r.run('k1', 'f', create)).toEqual({ value: 1, replayed: false });
    expect(await r.run('k1', 'f', create)).toEqual({ value: 1, replayed: true });
    expect(calls).toBe(1);
  });

  it('makes concurrent replays wait for the first request', async () => {
    const r = runner();
    let calls = 0;
    let resolve!: (n: number) => void;
    const create = () => (calls++, new Promise<number>((res) => (resolve = res)));
    const both = Promise.all([r.run('k', 'f', create), r.run('k', 'f', create)]);
    await new Promise((res) => setTimeout(res, 0));
    resolve(7);
    expect((await both).map((x) => x.value)).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('refuses the same key with a different request', async () => {
    const r = runner();
    await r.run('k', 'f1', async () => 1);
    await expect(r.run('k', 'f2', async () => 2)).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('forgets failures and expired entries', async () => {
    const clock = manualClock();
    const r = runner(clock.now, 1000);
    await expect(r.run('k', 'f', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await r.run('k', 'f', async () => 2)).toEqual({ value: 2, replayed: false });
    clock.advance(1000);
    expect(await r.run('k', 'f', async () => 3)).toEqual({ value: 3, replayed: false });
  });

  it('answers SESSION_PENDING when the wait ends first, and keeps the work going for the replays', async () => {
    const r = runner();
    let resolve!: (n: number) => void;
    const work = () => new Promise<number>((res) => (resolve = res));
    await expect(r.run('k', 'f', work, Promise.reject(deadlineError()))).rejects.toMatchObject({
      status: 503,
      code: 'SESSION_PENDING',
    });
    resolve(5);
    await new Promise((res) => setTimeout(res, 0));
    expect(await r.run('k', 'f', work)).toEqual({ value: 5, replayed: true });
  });

  it('says pending at once for a key another instance is working on', async () => {
    const store = new MemoryIdempotencyStore<number>();
    await store.putPending('k', 'f');
    await expect(new IdempotentRunner(store).run('k', 'f', async () => 1)).rejects.toMatchObject({
      code: 'SESSION_PENDING',
      headers: { 'Retry-After': expect.any(String) },
    });
  });
});

describe('MemoryIdempotencyStore', () => {
  it('claims a key once, then records its result or forgets it on failure', async () => {
    const store = new MemoryIdempotencyStore<{ id: string }>();
    expect(await store.get('k1')).toBeUndefined();
    expect(await store.putPending('k1', 'fp')).toBe(true);
    expect(await store.putPending('k1', 'fp')).toBe(false);
    expect(await store.get('k1')).toMatchObject({ state: 'pending', fingerprint: 'fp' });
    await store.complete('k1', { id: 's1' });
    expect(await store.get('k1')).toMatchObject({ state: 'done', fingerprint: 'fp', value: { id: 's1' } });
    expect(await store.putPending('k2', 'fp')).toBe(true);
    await store.fail('k2');
    expect(await store.get('k2')).toBeUndefined();
    expect(await store.putPending('k2', 'fp')).toBe(true);
  });

  it('forgets records after their time to live', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore<{ id: string }>({ now: () => now, ttlMs: 1000 });
    await store.putPending('k', 'fp');
    await store.complete('k', { id: 's' });
    now = 1000;
    expect(await store.get('k')).toBeUndefined();
  });
});
