// GET /api/ramp/stats's answer: the shape the server sends (src/server/merchant/stats.ts) and the
// console's Overview reads (src/console/overviewStats.ts), written once. Counts and sums only.
import type { QuoteCompletion } from '../types';

export interface OutcomeCounts {
  orders: number;
  completed: number;
  failed: number;
  abandoned: number;
  /** completed / orders, 0 to 1 (4 decimals), or null with no orders. */
  completionRate: number | null;
}

/** Completed amounts of one currency: in total and per UTC day (decimal strings). */
export interface VolumeSeries {
  currency: string;
  total: string;
  days: { day: string; amount: string }[];
}

export interface Stats {
  from: string;
  to: string;
  country: string | null;
  partner: string | null;
  funnel: {
    /** Checkouts that loaded their first data; null with a partner filter (not known per partner). */
    opened: number | null;
    /** Checkouts (browsers per day) that got at least one quote; null with a partner filter. */
    quoted: number | null;
    sessions: number;
    completed: number;
    failed: number;
    abandoned: number;
  };
  byPartner: (OutcomeCounts & {
    partner: string;
    medianSecondsToComplete: number | null;
    /**
     * The period's ended orders of the partner (completed, failed, abandoned) and its completion rate
     * smoothed toward every partner's, as quotes carry it per country and method (types.ts QuoteCompletion).
     */
    completion: QuoteCompletion;
  })[];
  byCountry: (OutcomeCounts & { country: string })[];
  byMethod: (OutcomeCounts & { method: string })[];
  /** Every day of the period: orders created and completed that day. */
  days: { day: string; orders: number; completed: number }[];
  /** Completed amounts by the day the order was created, per fiat and per crypto currency. */
  volume: { fiat: VolumeSeries[]; crypto: VolumeSeries[] };
}
