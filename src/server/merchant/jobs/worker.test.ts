import { describe, expect, it, vi } from 'vitest';
import { memoryLeases } from '../../storage/stores/leases';
import { createDueWorker, createWorker } from './worker';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

describe('a background job', () => {
  it('looks again by itself after a pass or its store failed (a database outage), without a kick', async () => {
    let passes = 0;
    let storeDown = true;
    const worker = createWorker({
      name: 'outage-test',
      leases: memoryLeases(),
      log: quiet,
      now: Date.now,
      leaseTtlMs: 90,
      nextDueAt: async () => {
        if (storeDown) throw new Error('ECONNREFUSED');
        return null;
      },
      async pass() {
        passes += 1;
        if (storeDown) throw new Error('ECONNREFUSED');
        return 1;
      },
    });
    await expect(worker.runOnce()).rejects.toThrow('ECONNREFUSED');
    storeDown = false;
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(2), { timeout: 2_000, interval: 10 });
    await worker.stop();
  });
});

describe('a job over due items', () => {
  it('takes batches of what is due until none is, and counts what its batches did', async () => {
    let queue = Array.from({ length: 7 }, (_, i) => i);
    const batches: number[][] = [];
    const worker = createDueWorker<number>({
      name: 'due-test',
      leases: memoryLeases(),
      log: quiet,
      now: () => 0,
      nextDueAt: async () => null,
      due: async (_now, limit) => queue.slice(0, limit),
      batch: 3,
      async handle(items) {
        batches.push(items);
        queue = queue.filter((i) => !items.includes(i));
        return items.filter((i) => i % 2 === 0).length;
      },
    });
    expect(await worker.runOnce()).toBe(4);
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    await worker.stop();
  });

  it('takes no batch once stopped', async () => {
    const handled: number[][] = [];
    const worker = createDueWorker<number>({
      name: 'due-stop-test',
      leases: memoryLeases(),
      log: quiet,
      now: () => 0,
      nextDueAt: async () => null,
      due: async () => [1],
      batch: 1,
      async handle(items) {
        handled.push(items);
        // Not awaited: stop() waits for this pass to end.
        void worker.stop();
        return 1;
      },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(handled).toEqual([[1]]);
  });
});
