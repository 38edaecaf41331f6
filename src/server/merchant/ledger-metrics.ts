// The ledger as the merchant backend composes it: its writes timed, its queue depths and size read on each
// scrape. Here, not in http/metrics.ts, so http/ knows nothing of storage/ (docs/ARCHITECTURE.md).
import type { Metrics } from '../http/metrics';
import type { Ledger } from '../storage/ledger/types';

/** Methods of the Ledger that write. */
const LEDGER_WRITES = [
  'createIntent',
  'beginPendingOrder',
  'releasePendingOrder',
  'losePendingOrder',
  'deferPendingOrder',
  'recordOrder',
  'applyUpdate',
  'scheduleChecks',
  'recordAttempt',
  'resend',
] as const satisfies readonly (keyof Ledger)[];

export function instrumentLedger(metrics: Metrics, ledger: Ledger): Ledger {
  metrics.readQueuesFrom(() => ledger.stats());
  const timed: Partial<Ledger> = {};
  for (const name of LEDGER_WRITES) {
    const write = ledger[name] as (...args: unknown[]) => Promise<unknown>;
    (timed as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const end = metrics.timeLedgerWrite();
      try {
        return await write.apply(ledger, args);
      } finally {
        end();
      }
    };
  }
  return { ...ledger, ...timed };
}
