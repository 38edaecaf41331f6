// CSV as RFC 4180 writes it (CRLF lines, quoted fields where needed), safe to open in a spreadsheet.

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, and tab or CR, which some strip first).
 * Such cells get a leading apostrophe (OWASP "CSV injection"). Numbers are written as numbers:
 * a negative amount is data, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = <T>(columns: readonly CsvColumn<T>[]): string =>
  `${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;

/** Data lines for `rows`, each ending in CRLF. */
export const csvRows = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string =>
  rows.map((row) => `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`).join('');

/** A whole CSV document: the header line, then one line per row. */
export const toCsv = <T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string =>
  csvHeader(columns) + csvRows(rows, columns);
