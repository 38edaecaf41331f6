// The ledger's reads for GET /api/ramp/stats (merchant/stats.ts makes the answer of them) and for
// the ranking's completion rates (merchant/completion.ts), and the checkout marks they count. Each
// read is grouped in the database, so what reaches JavaScript is a few rows per day, partner,
// country, method and currency whatever the number of orders; the amounts are summed exactly
// (sql-decimal.ts). The period's reads scan it, so they go through SqlDriver.read: the embedded
// store runs them off the event loop. Plain SQL both stores share; days are UTC.
import type { SqlDriver, SqlValue } from './driver';
import type { StatsLedger } from './ledger';
import { decimalOfSums, exactSumsSql } from './sql-decimal';
import type {
  CheckoutMark,
  CheckoutStage,
  OrderCountRow,
  OrderStatus,
  StatsCounts,
  StatsQuery,
  StatsVolumeRow,
} from './types';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** SQL: the UTC day an order was created, as whole days since 1970 (integer division on both stores). */
const EPOCH_DAY = `o.created_at / ${DAY_MS}`;
const dayOf = (epochDay: unknown) => new Date(Number(epochDay) * DAY_MS).toISOString().slice(0, 10);

/** The WHERE clause and parameters of the period's orders (`o`), filtered; more parameters follow. */
function period(q: StatsQuery): { where: string; params: SqlValue[] } {
  const params: SqlValue[] = [dayStart(q.fromDay), dayStart(q.toDay) + DAY_MS];
  let where = 'o.created_at >= $1 AND o.created_at < $2';
  if (q.country !== undefined) {
    params.push(q.country);
    where += ` AND o.country = $${params.length}`;
  }
  if (q.partner !== undefined) {
    params.push(q.partner);
    where += ` AND o.partner = $${params.length}`;
  }
  return { where, params };
}

const countRow = (r: Record<string, unknown>): OrderCountRow => ({
  partner: String(r.partner),
  country: String(r.country),
  paymentMethod: r.payment_method == null ? null : String(r.payment_method),
  status: String(r.status),
  count: Number(r.n),
});

/** Which amount of an order is its fiat and which its crypto: a buy pays fiat, a sell crypto. */
const SIDES = {
  fiat: ['source', 'destination'],
  crypto: ['destination', 'source'],
} as const;

export function sqlStats(db: SqlDriver): StatsLedger {
  return {
    async completionCounts(since: number): Promise<OrderCountRow[]> {
      const rows = await db.query(
        `SELECT partner, country, payment_method, status, COUNT(*) AS n FROM ramp_orders
         WHERE created_at >= $1 AND terminal = 1
         GROUP BY partner, country, payment_method, status`,
        [since],
      );
      return rows.map(countRow);
    },

    async markCheckout(m: CheckoutMark): Promise<void> {
      await db.query(
        `INSERT INTO ramp_checkout_marks (day, stage, subject, country) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day, stage, subject) DO NOTHING`,
        [m.day, m.stage, m.subject, m.country],
      );
    },

    async counts(q: StatsQuery): Promise<StatsCounts> {
      const { where, params } = period(q);
      const days = await db.read(
        `SELECT ${EPOCH_DAY} AS day, o.status, COUNT(*) AS n FROM ramp_orders o WHERE ${where}
         GROUP BY ${EPOCH_DAY}, o.status`,
        params,
      );
      const groups = await db.read(
        `SELECT o.partner, o.country, o.payment_method, o.status, COUNT(*) AS n FROM ramp_orders o
         WHERE ${where} GROUP BY o.partner, o.country, o.payment_method, o.status`,
        params,
      );
      const markParams: SqlValue[] = [q.fromDay, q.toDay];
      let markWhere = 'day >= $1 AND day <= $2';
      if (q.country !== undefined) {
        markParams.push(q.country);
        markWhere += ' AND country = $3';
      }
      const marks = await db.read(
        `SELECT day, stage, COUNT(*) AS n FROM ramp_checkout_marks WHERE ${markWhere} GROUP BY day, stage`,
        markParams,
      );
      return {
        days: days.map((r) => ({ day: dayOf(r.day), status: String(r.status), count: Number(r.n) })),
        groups: groups.map(countRow),
        marks: marks.map((r) => ({
          day: String(r.day),
          stage: String(r.stage) as CheckoutStage,
          count: Number(r.n),
        })),
      };
    },

    async volume(q: StatsQuery, statuses: readonly OrderStatus[]): Promise<StatsVolumeRow[]> {
      if (statuses.length === 0) return [];
      const { where, params } = period(q);
      const inStatuses = statuses.map((_, i) => `$${params.length + i + 1}`).join(', ');
      const side = (name: keyof typeof SIDES) => {
        const [buy, sell] = SIDES[name];
        return `SELECT '${name}' AS side, ${EPOCH_DAY} AS day,
            CASE WHEN o.direction = 'buy' THEN o.${buy}_currency ELSE o.${sell}_currency END AS currency,
            CASE WHEN o.direction = 'buy' THEN o.${buy}_amount ELSE o.${sell}_amount END AS amount
          FROM ramp_orders o WHERE ${where} AND o.status IN (${inStatuses})`;
      };
      const rows = await db.read(
        exactSumsSql(`${side('fiat')} UNION ALL ${side('crypto')}`, ['side', 'currency', 'day']),
        [...params, ...statuses],
      );
      return rows.map((r) => ({
        side: String(r.side) as StatsVolumeRow['side'],
        currency: String(r.currency),
        day: dayOf(r.day),
        amount: decimalOfSums(r),
      }));
    },

    // The median in SQL: each partner's times ranked, and only the middle one or two read.
    async medianSecondsToComplete(q: StatsQuery): Promise<Map<string, number>> {
      const { where, params } = period(q);
      const rows = await db.read(
        `WITH done AS (
           SELECT o.partner, MIN(s.at) - o.created_at AS ms FROM ramp_orders o
             JOIN ramp_order_status s ON s.session_id = o.session_id AND s.status = 'SETTLED'
           WHERE ${where} GROUP BY o.session_id, o.partner, o.created_at
         ), ranked AS (
           SELECT partner, ms, ROW_NUMBER() OVER (PARTITION BY partner ORDER BY ms) AS i,
             COUNT(*) OVER (PARTITION BY partner) AS n FROM done
         )
         SELECT partner, ms FROM ranked WHERE i = (n + 1) / 2 OR i = n / 2 + 1`,
        params,
      );
      const middles = new Map<string, number[]>();
      for (const r of rows) {
        const partner = String(r.partner);
        middles.set(partner, [...(middles.get(partner) ?? []), Number(r.ms) / 1000]); // one or two
      }
      // One middle time (an odd count) or the mean of two, in seconds.
      return new Map([...middles].map(([partner, [a, b]]) => [partner, b === undefined ? a! : (a! + b) / 2]));
    },
  };
}
