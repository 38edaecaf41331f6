// An amount to receive turned into the amount to pay: the service quotes only by source amount, so
// the source amount whose best quote delivers at least the target is found from quotes. It starts
// from the rate (source per unit received), corrects with the quote's answer (the line through the
// last two answers once there are two), and stops at three quote round trips. Each amount asked is
// rounded up to what may be typed and kept within the route's limits.

/** Quote round trips one search may make. */
export const MAX_TARGET_QUOTES = 3;
/** A delivery this close above the target is taken; each estimate aims this far above it. */
const CLOSE = 1.01;
const AIM = 1.002;

export interface TargetSearch {
  /** What the shopper wants to receive, in destination units. */
  target: number;
  /** Source units per destination unit to start from; else the first quote is asked at `probe`. */
  perUnit?: number;
  probe?: number;
  /** What the best quote for `source` delivers; undefined when there is none. */
  deliver: (source: number) => Promise<number | undefined>;
  /** Decimals the source amount may have. */
  decimals: number;
  min?: number;
  max?: number;
}

export interface TargetResult {
  /** The source amount to use, as text ("123.45"); undefined when no quote answered. */
  amount?: string;
  /** The target lies beyond this limit: the amount is held at it. */
  bound?: 'min' | 'max';
}

export async function findSourceAmount(o: TargetSearch): Promise<TargetResult> {
  const scale = 10 ** o.decimals;
  const points: [number, number][] = [];
  let estimate = o.perUnit ? o.target * o.perUnit * AIM : o.probe;
  let bound: TargetResult['bound'];
  for (let i = 0; i < MAX_TARGET_QUOTES && estimate && Number.isFinite(estimate); i++) {
    let source = Math.ceil(estimate * scale - 1e-9) / scale;
    bound =
      o.max !== undefined && source > o.max
        ? 'max'
        : o.min !== undefined && source < o.min
          ? 'min'
          : undefined;
    if (bound) source = bound === 'max' ? o.max! : o.min!;
    if (points.some(([s]) => s === source)) break;
    const delivered = await o.deliver(source);
    if (delivered === undefined || delivered <= 0) break;
    points.push([source, delivered]);
    if (bound || (delivered >= o.target && delivered <= o.target * CLOSE)) break;
    const [[s1, d1], prev] = [points.at(-1)!, points.at(-2)];
    const want = o.target * AIM;
    estimate =
      prev && d1 !== prev[1] ? s1 + ((want - d1) * (s1 - prev[0])) / (d1 - prev[1]) : (s1 * want) / d1;
  }
  // The least amount that delivers the target, else the one that comes closest.
  const enough = points.filter(([, d]) => d >= o.target).sort((a, b) => a[0] - b[0])[0];
  const best = enough ?? points.sort((a, b) => b[1] - a[1])[0];
  return { amount: best?.[0].toFixed(o.decimals), bound };
}
