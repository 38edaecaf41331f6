// Plain-text tables for the benchmark's output: one header row, aligned columns, numbers on the right.

export type Cell = string | number;

const NUMERIC = /^[-+]?[\d.,]+(?:\s?[a-zA-Z%×/]+)?$/;

/** Fixed decimals for a figure, with thousands separators; "n/a" for what could not be measured. */
export function num(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A ratio such as 0.42×; "n/a" when the baseline is zero or missing. */
export function ratio(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(2)}×`;
}

export function formatTable(title: string, headers: string[], rows: Cell[][], notes: string[] = []): string {
  const text = rows.map((row) => headers.map((_, i) => String(row[i] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => r[i]!.length)));
  const right = headers.map(
    (_, i) => text.length > 0 && text.every((r) => r[i] === '' || NUMERIC.test(r[i]!)),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [title, line(headers), rule, ...text.map(line), ...notes.map((n) => `  · ${n}`)].join('\n');
}
