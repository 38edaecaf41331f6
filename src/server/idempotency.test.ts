import { describe, expect, it } from 'vitest';
import { IdempotencyStore } from './idempotency';
import { manualClock } from './test-upstream';

describe('IdempotencyStore', () => {
  it('runs once per key and replays the answer', async () => {
    const store = new IdempotencyStore<number>({ now: manualClock().now });
    let calls = 0;
    const create = async () => ++calls;
    expect(await store.run('k1', 'f', create)).toEqual({ value: 1, replayed: false });
    expect(await store.run('k1', 'f', create)).toEqual({ value: 1, replayed: true });
    expect(calls).toBe(1);
  });

  it('makes concurrent replays wait for the first request', async () => {
    const store = new IdempotencyStore<number>();
    let calls = 0;
    let resolve!: (n: number) => void;
    const create = () => (calls++, new Promise<number>((r) => (resolve = r)));
    const both = Promise.all([store.run('k', 'f', create), store.run('k', 'f', create)]);
    resolve(7);
    expect((await both).map((r) => r.value)).toEqual([7, 7]);
    expect(calls).toBe(1);
  });

  it('refuses the same key with a different request', async () => {
    const store = new IdempotencyStore<number>();
    await store.run('k', 'f1', async () => 1);
    await expect(store.run('k', 'f2', async () => 2)).rejects.toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('forgets failures and expired entries', async () => {
    const clock = manualClock();
    const store = new IdempotencyStore<number>({ now: clock.now, ttlMs: 1000 });
    await expect(store.run('k', 'f', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await store.run('k', 'f', async () => 2)).toEqual({ value: 2, replayed: false });
    clock.advance(1000);
    expect(await store.run('k', 'f', async () => 3)).toEqual({ value: 3, replayed: false });
  });
});
