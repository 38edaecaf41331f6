// Exact sums of the ledger's decimal-string amounts, in the SQL both stores share. Neither store can
// sum them as they are: SQLite has no decimal type (REAL rounds), and one SQL serves both. So each
// amount is laid out as 60 digits (30 integer, 30 fraction: the most an amount the sums take has),
// read as four 15-digit integers, and each of those as three 5-digit parts; the database sums the
// parts as integers, and here they are carried into one exact decimal with BigInt. A part's sum
// stays below 10^5 × the rows summed: exact in 64-bit integers, and in the double a SQLite integer
// is read as, up to 9 × 10^10 rows a group. PostgreSQL sums BIGINT into NUMERIC, exact at any count.

/** Integer and fraction digits an amount may have to be summed (more: skipped, as unreadable). */
const DIGITS = 30;
const PIECE = 15;
const PART = 5;
const PIECES = (2 * DIGITS) / PIECE;
const PARTS = PIECE / PART;
const ZEROS = `'${'0'.repeat(DIGITS)}'`;
/**
 * Keeps a subquery a subquery: SQLite would otherwise merge it into the query around it and work
 * out each of its columns again at every use (PostgreSQL reads OFFSET 0 as the same fence).
 */
const FENCE = 'LIMIT 9223372036854775807 OFFSET 0';

/**
 * SQL: the rows of `source` (a subquery with a text column `amount`) grouped by `keys`, with the
 * sums of their amounts' parts (`s0`…`s11`, for decimalOfSums). Amounts the sums do not take are
 * left out: an amount is 1 to 30 ASCII digits, then optionally a dot and 1 to 30 digits ("100",
 * "0.015"); not empty, signed, with an exponent, a second dot or a bare dot at either end.
 */
export function exactSumsSql(source: string, keys: readonly string[]): string {
  const k = keys.join(', ');
  // Where the dot is, or would be: 1 + the integer digits.
  const dot = `CASE WHEN amount LIKE '%.%' THEN length(rtrim(amount, '0123456789')) ELSE length(amount) + 1 END`;
  const amounts = `SELECT ${k}, amount, ${dot} AS dot FROM (${source}) source
    WHERE amount <> '' AND ltrim(amount, '0123456789.') = '' AND amount NOT LIKE '%.%.%'
      AND amount NOT LIKE '.%' AND amount NOT LIKE '%.' ${FENCE}`;
  // The integer digits right-aligned in 30, the fraction's left-aligned in 30: four pieces of 15.
  const pieces = [
    `substr(${ZEROS} || amount, dot, ${PIECE})`,
    `substr(${ZEROS} || amount, dot + ${PIECE}, ${PIECE})`,
    `substr(amount || ${ZEROS}, dot + 1, ${PIECE})`,
    `substr(amount || ${ZEROS}, dot + ${PIECE + 1}, ${PIECE})`,
  ].map((digits, i) => `CAST(${digits} AS BIGINT) AS x${i}`);
  const laidOut = `SELECT ${k}, ${pieces.join(', ')} FROM (${amounts}) amounts
    WHERE dot <= ${DIGITS + 1} AND length(amount) - dot <= ${DIGITS} ${FENCE}`;
  const sums = Array.from({ length: PIECES * PARTS }, (_, n) => {
    const [piece, part] = [Math.floor(n / PARTS), n % PARTS];
    const shift = 10 ** (PIECE - PART * (part + 1));
    return `SUM(x${piece} / ${shift} % ${10 ** PART}) AS s${n}`;
  });
  return `SELECT ${k}, ${sums.join(', ')} FROM (${laidOut}) laid_out GROUP BY ${k}`;
}

/** The decimal string of a group's sums (`s0`…`s11`, numbers or numeric strings): "150.5", "0". */
export function decimalOfSums(row: Record<string, unknown>): string {
  let scaled = 0n;
  for (let n = 0; n < PIECES * PARTS; n++) {
    scaled = scaled * 10n ** BigInt(PART) + BigInt((row[`s${n}`] ?? 0) as number | string);
  }
  const digits = scaled.toString().padStart(DIGITS + 1, '0');
  const int = digits.slice(0, -DIGITS);
  const frac = digits.slice(-DIGITS).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
