// /stats reads under concurrent asks (merchant/stats.ts statsReads): the same period asked while its
// read runs shares that read; different periods read at most MAX_STATS_READS at a time, the others
// in turn; a failure is everyone's who shared it, and nothing is kept once a read ends.
import { describe, expect, it } from 'vitest';
import type { StatsCounts, StatsQuery } from '../storage/ledger/types';
import { MAX_STATS_READS, statsReads } from './stats';
import type { StatsReads } from './stats';

/** A ledger whose period reads wait until the test lets them go, counting how many run at once. */
function heldLedger() {
  const held: { q: StatsQuery; release: (e?: Error) => void }[] = [];
  let running = 0;
  let most = 0;
  const ledger: StatsReads = {
    counts: (q: StatsQuery) =>
      new Promise<StatsCounts>((resolve, reject) => {
        running += 1;
        most = Math.max(most, running);
        held.push({
          q,
          release: (e) => {
            running -= 1;
            if (e) reject(e);
            else resolve({ days: [{ day: q.fromDay, status: 'SETTLED', count: 1 }], groups: [], marks: [] });
          },
        });
      }),
    volume: async () => [],
    medianSecondsToComplete: async () => new Map<string, number>(),
  };
  return { ledger, held, most: () => most };
}

const period = (day: string): StatsQuery => ({ fromDay: day, toDay: day });
/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('/stats reads', () => {
  it('share one read between the asks of one period while it runs, and read again after', async () => {
    const { ledger, held } = heldLedger();
    const read = statsReads();
    const asks = Array.from({ length: 5 }, () => read(ledger, period('2026-01-05')));
    await settle();
    expect(held).toHaveLength(1);
    held[0]!.release();
    const answers = await Promise.all(asks);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]!.days).toEqual([{ day: '2026-01-05', orders: 1, completed: 1 }]);

    const again = read(ledger, period('2026-01-05'));
    await settle();
    expect(held).toHaveLength(2);
    held[1]!.release();
    await again;
  });

  it(`read ${MAX_STATS_READS} periods at a time, the others in turn`, async () => {
    const { ledger, held, most } = heldLedger();
    const read = statsReads();
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    const asks = days.map((d) => read(ledger, period(d)));
    await settle();
    expect(held.map((h) => h.q.fromDay)).toEqual(days.slice(0, MAX_STATS_READS));
    for (let i = 0; i < days.length; i++) {
      held[i]!.release();
      await settle();
    }
    expect((await Promise.all(asks)).map((s) => s.from)).toEqual(days);
    expect(held.map((h) => h.q.fromDay)).toEqual(days);
    expect(most()).toBe(MAX_STATS_READS);
  });

  it('fail for every ask that shared the read, and free its turn', async () => {
    const { ledger, held } = heldLedger();
    const read = statsReads();
    const asks = [read(ledger, period('2026-01-05')), read(ledger, period('2026-01-05'))];
    await settle();
    held[0]!.release(new Error('connection refused'));
    for (const ask of asks) await expect(ask).rejects.toThrow('connection refused');
    const after = [read(ledger, period('2026-01-06')), read(ledger, period('2026-01-07'))];
    await settle();
    expect(held).toHaveLength(3);
    for (const h of held.slice(1)) h.release();
    await Promise.all(after);
  });
});
