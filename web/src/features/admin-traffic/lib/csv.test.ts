// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes what would break a field and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('defuses a cell a spreadsheet would run as a formula, but not a negative number', () => {
    for (const text of ['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes a header row and CRLF lines', () => {
    expect(
      toCsv(
        ['Source', 'Visitors'],
        [
          ['Google', 3],
          ['=evil', 1],
        ],
      ),
    ).toBe("Source,Visitors\r\nGoogle,3\r\n'=evil,1\r\n");
  });
});
