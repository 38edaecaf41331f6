// The ledger as the merchant backend composes it: its writes timed, its queue depths and size read on each
// scrape. Here, not in http/metrics.ts, so http/ knows nothing of storage/ (docs/ARCHITECTURE.md).
import type { Metrics } from '../http/metrics';
import type { Ledger } from '../storage/ledger/ledger';

export function instrumentLedger(
  metrics: Pick<Metrics, 'timeLedgerWrite' | 'readQueuesFrom'>,
  ledger: Ledger,
): Ledger {
  metrics.readQueuesFrom(() => ledger.gauges.read());
  /** `part` with its methods `writes` timed as ledger writes. */
  const timed = <T extends object>(part: T, writes: readonly (keyof T)[]): T => {
    const out = { ...part };
    for (const name of writes) {
      const write = part[name] as (...args: unknown[]) => Promise<unknown>;
      out[name] = (async (...args: unknown[]) => {
        const end = metrics.timeLedgerWrite();
        try {
          return await write.apply(part, args);
        } finally {
          end();
        }
      }) as T[keyof T];
    }
    return out;
  };
  return {
    ...ledger,
    intents: timed(ledger.intents, ['create']),
    pendingOrders: timed(ledger.pendingOrders, ['begin', 'release', 'lose', 'defer']),
    orders: timed(ledger.orders, ['record', 'applyUpdate', 'scheduleChecks']),
    deliveries: timed(ledger.deliveries, ['recordAttempt', 'resend']),
  };
}
