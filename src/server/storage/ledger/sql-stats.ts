// The ledger's reads for GET /api/ramp/stats (merchant/stats.ts sums them): the period's orders in
// a narrow projection (no reference, customer or wallet) and the checkout marks counted per day and
// stage; and the ended orders counted for the ranking's completion rates (merchant/completion.ts). Plain SQL both stores share; days are UTC.
import type { SqlDriver, SqlValue } from './driver';
import type {
  CompletionCountRow,
  CheckoutMark,
  CheckoutStage,
  Direction,
  StatsMarkRow,
  StatsOrderRow,
  StatsQuery,
} from './types';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function statsMethods(db: SqlDriver) {
  return {
    // Grouped in the database: a few rows per partner, country and method, whatever the orders.
    async completionCounts(since: number): Promise<CompletionCountRow[]> {
      const rows = await db.query(
        `SELECT partner, country, payment_method, status, COUNT(*) AS n FROM ramp_orders
         WHERE created_at >= $1 AND terminal = 1
         GROUP BY partner, country, payment_method, status`,
        [since],
      );
      return rows.map((r) => ({
        partner: String(r.partner),
        country: String(r.country),
        paymentMethod: r.payment_method == null ? null : String(r.payment_method),
        status: String(r.status),
        count: Number(r.n),
      }));
    },

    async markCheckout(m: CheckoutMark): Promise<void> {
      await db.query(
        `INSERT INTO ramp_checkout_marks (day, stage, subject, country) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day, stage, subject) DO NOTHING`,
        [m.day, m.stage, m.subject, m.country],
      );
    },

    async statsRows(q: StatsQuery): Promise<{ orders: StatsOrderRow[]; marks: StatsMarkRow[] }> {
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
      const orders = await db.query(
        `SELECT o.partner, o.country, o.payment_method, o.direction, o.status, o.created_at,
           o.source_currency, o.source_amount, o.destination_currency, o.destination_amount,
           (SELECT MIN(s.at) FROM ramp_order_status s
             WHERE s.session_id = o.session_id AND s.status = 'SETTLED') AS completed_at
         FROM ramp_orders o WHERE ${where}`,
        params,
      );
      const markParams: SqlValue[] = [q.fromDay, q.toDay];
      let markWhere = 'day >= $1 AND day <= $2';
      if (q.country !== undefined) {
        markParams.push(q.country);
        markWhere += ' AND country = $3';
      }
      const marks = await db.query(
        `SELECT day, stage, COUNT(*) AS n FROM ramp_checkout_marks WHERE ${markWhere} GROUP BY day, stage`,
        markParams,
      );
      return {
        orders: orders.map((r) => ({
          partner: String(r.partner),
          country: String(r.country),
          paymentMethod: r.payment_method == null ? null : String(r.payment_method),
          direction: String(r.direction) as Direction,
          status: String(r.status),
          createdAt: Number(r.created_at),
          completedAt: r.completed_at == null ? null : Number(r.completed_at),
          sourceCurrency: String(r.source_currency),
          sourceAmount: String(r.source_amount),
          destinationCurrency: String(r.destination_currency),
          destinationAmount: r.destination_amount == null ? null : String(r.destination_amount),
        })),
        marks: marks.map((r) => ({
          day: String(r.day),
          stage: String(r.stage) as CheckoutStage,
          count: Number(r.n),
        })),
      };
    },
  };
}
