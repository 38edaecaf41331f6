import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, type CsvColumn } from './csv';
import { parseCsv } from './test-csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tlead', "'\tlead"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
  ])('neutralises the formula %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('keeps numbers as numbers (a negative amount is not a formula)', () => {
    expect(csvCell(-14.01)).toBe('-14.01');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  const columns: CsvColumn<{ id: string; note?: string; amount?: number }>[] = [
    { header: 'id', value: (r) => r.id },
    { header: 'note', value: (r) => r.note },
    { header: 'amount', value: (r) => r.amount },
  ];

  it('writes a header and one CRLF-terminated line per row', () => {
    const csv = toCsv([{ id: 'a', note: 'x, "y"', amount: 1.5 }, { id: 'b' }], columns);
    expect(csv).toBe('id,note,amount\r\na,"x, ""y""",1.5\r\nb,,\r\n');
  });

  it('reads back exactly what was written, whatever the text (formula cells apostrophe-prefixed)', () => {
    const guarded = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.string(), note: fc.string({ unit: 'binary' }) }), { maxLength: 20 }),
        (rows) => {
          const parsed = parseCsv(toCsv(rows, columns.slice(0, 2)));
          expect(parsed[0]).toEqual(['id', 'note']);
          expect(parsed.slice(1)).toEqual(rows.map((r) => [guarded(r.id), guarded(r.note)]));
        },
      ),
    );
  });
});
