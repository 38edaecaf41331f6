// A strict RFC 4180 reader: the oracle the console's CSV writer is checked against (tests only).

/** Rows of cells; throws on anything RFC 4180 does not allow (bare quotes, bare newlines, no final CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        cell += ch;
        i++;
      }
    } else if (ch === '"' && cell === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else {
      if (ch === '"' || ch === '\n' || ch === '\r') throw new Error(`unquoted ${JSON.stringify(ch)} at ${i}`);
      cell += ch;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('missing final CRLF');
  return rows;
}
