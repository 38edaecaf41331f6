// GET /api/ramp/stats's answer: the shape the server sends (src/server/merchant/stats.ts) and the
// console's Overview reads (src/console/overviewStats.ts), written once. Counts and sums only.
import * as v from 'valibot';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const day = v.pipe(v.string(), v.description('A UTC day, YYYY-MM-DD'));

/** A partner's completion here, smoothed toward the baseline (docs/CONTRACTS.md, the quote answer). */
export const QuoteCompletionSchema = v.object({
  rate: v.pipe(
    v.number(),
    v.description('(completed + 10 × baseline) / (ended + 10): a prior worth 10 orders at the baseline'),
  ),
  ended: v.pipe(count, v.description('Orders that ended: completed, or failed or abandoned once opened')),
  baseline: v.pipe(
    v.number(),
    v.description("Every partner's completion rate for this country and method (0.8 with no ended order)"),
  ),
});

const outcomeEntries = {
  orders: count,
  completed: count,
  failed: count,
  abandoned: count,
  completionRate: v.nullable(
    v.pipe(v.number(), v.description('completed / orders, 0 to 1; null with no orders')),
  ),
};
export type OutcomeCounts = v.InferOutput<v.ObjectSchema<typeof outcomeEntries, undefined>>;

/** Completed amounts of one currency: in total and per UTC day (decimal strings). */
const VolumeSeriesSchema = v.object({
  currency: v.string(),
  total: v.string(),
  days: v.array(v.object({ day, amount: v.string() })),
});
export type VolumeSeries = v.InferOutput<typeof VolumeSeriesSchema>;

export const StatsSchema = v.object({
  from: day,
  to: day,
  country: v.nullable(v.string()),
  partner: v.nullable(v.string()),
  funnel: v.object({
    /** Checkouts that loaded their first data; null with a partner filter (not known per partner). */
    opened: v.nullable(count),
    /** Checkouts (browsers per day) that got at least one quote; null with a partner filter. */
    quoted: v.nullable(count),
    sessions: count,
    completed: count,
    failed: count,
    abandoned: count,
  }),
  byPartner: v.array(
    v.object({
      ...outcomeEntries,
      partner: v.string(),
      medianSecondsToComplete: v.nullable(v.number()),
      /** The period's ended orders of the partner and its completion rate, smoothed as quotes carry it. */
      completion: QuoteCompletionSchema,
    }),
  ),
  byCountry: v.array(v.object({ ...outcomeEntries, country: v.string() })),
  byMethod: v.array(v.object({ ...outcomeEntries, method: v.string() })),
  /** Every day of the period: orders created and completed that day. */
  days: v.array(v.object({ day, orders: count, completed: count })),
  /** Completed amounts by the day the order was created, per fiat and per crypto currency. */
  volume: v.object({ fiat: v.array(VolumeSeriesSchema), crypto: v.array(VolumeSeriesSchema) }),
});
export type Stats = v.InferOutput<typeof StatsSchema>;
