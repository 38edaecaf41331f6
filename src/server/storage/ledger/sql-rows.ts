// Reading the rows both stores return (columns in snake_case, NULL as null, BIGINT as a number) and
// writing optional values as NULL: shared by the ledger's parts (sql-*.ts).
import type { SqlExecutor, SqlValue } from './driver';

export const opt = (v: string | undefined): SqlValue => v ?? null;
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const optStr = (v: unknown): string | undefined =>
  v === null || v === undefined ? undefined : String(v);

/** The least `column` of `table`'s rows matching `where`, or null: when a job's next item is due. */
export async function earliest(
  db: SqlExecutor,
  table: string,
  column: string,
  where: string,
): Promise<number | null> {
  const rows = await db.query<{ t: unknown }>(`SELECT MIN(${column}) AS t FROM ${table} WHERE ${where}`);
  return numOrNull(rows[0]?.t);
}

/** The next position in a session's sequence (its status history, its webhook queue), inside `tx`. */
export async function nextSeq(tx: SqlExecutor, table: string, sessionId: string): Promise<number> {
  const rows = await tx.query<{ n: unknown }>(`SELECT MAX(seq) AS n FROM ${table} WHERE session_id = $1`, [
    sessionId,
  ]);
  return (numOrNull(rows[0]?.n) ?? 0) + 1;
}
