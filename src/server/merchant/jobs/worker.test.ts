import { describe, expect, it, vi } from 'vitest';
import { memoryLeases } from '../../storage/stores/leases';
import { createWorker } from './worker';

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
