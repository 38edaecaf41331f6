// The checkout's stages before its session, marked in the ledger for /stats (shared by every
// instance: a browser quoted through two instances the same day counts once) and counted in
// /metrics. Marking never holds up or fails the shopper's request: a failed write is logged.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../http/log';
import type { Metrics } from '../http/metrics';
import type { StatsLedger } from '../storage/ledger/ledger';
import type { CheckoutStage } from '../storage/ledger/types';

export interface CheckoutFunnel {
  /**
   * A checkout reached `stage`: `subject` is the browser's pseudonymous customer id when known
   * (one mark per browser and UTC day), else null (each call is one more checkout).
   */
  mark(stage: CheckoutStage, subject: string | null, country: string | null): void;
}

export function createCheckoutFunnel(o: {
  /** Where the marks go (the ledger once open). */
  stats: () => Promise<Pick<StatsLedger, 'markCheckout'>>;
  now: () => number;
  log: Logger;
  metrics?: Pick<Metrics, 'countCheckout'>;
}): CheckoutFunnel {
  return {
    mark(stage, subject, country) {
      const day = new Date(o.now()).toISOString().slice(0, 10);
      void o
        .stats()
        .then(async (stats) => {
          await stats.markCheckout({ day, stage, subject: subject ?? randomUUID(), country });
          o.metrics?.countCheckout(stage);
        })
        .catch((e: unknown) => o.log.warn('checkout stage not marked', { stage, error: e }));
    },
  };
}
