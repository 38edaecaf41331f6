import { describe, expect, it } from 'vitest';
import { memoryLeases } from './leases';

describe('memoryLeases', () => {
  it('gives a lease to one holder until it is released or expires', async () => {
    let t = 0;
    const leases = memoryLeases(() => t);
    const a = await leases.acquire('sync', 1000);
    expect(a).not.toBeNull();
    expect(await leases.acquire('sync', 1000)).toBeNull();
    expect(await leases.acquire('webhooks', 1000)).not.toBeNull();
    t = 1500;
    const b = await leases.acquire('sync', 1000);
    expect(b).not.toBeNull();
    expect(await a!.renew()).toBe(false);
    await a!.release();
    expect(await leases.acquire('sync', 1000)).toBeNull();
    await b!.release();
    expect(await leases.acquire('sync', 1000)).not.toBeNull();
  });
});
