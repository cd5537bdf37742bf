import { describe, expect, it } from 'vitest';
import { csvCell, csvDownload, csvFile } from './csv.ts';

describe('CSV for spreadsheets', () => {
  it('makes every cell a spreadsheet would run as a formula plain text', () => {
    for (const [value, cell] of [
      ['=1+1', "'=1+1"],
      ['+1', "'+1"],
      ['-1', "'-1"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', `"'\t'=1"`],
      ['\r=1', `"'\r=1"`],
      ['＝1+1', "'＝1+1"],
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
      ['a=1', 'a=1'],
      ["Acme;=cmd|' /C calc'!A0;", `"Acme;'=cmd|' /C calc'!A0;"`],
      ['a;b', '"a;b"'],
      ['x,\t@SUM(A1)', `"x,\t'@SUM(A1)"`],
      ['10-20; -5', `"10-20; '-5"`],
      ['pat@x.example', 'pat@x.example'],
    ])
      expect([value, csvCell(value)]).toEqual([value, cell]);
  });

  it('quotes what needs quoting and writes values a reader recognises', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect([csvCell(null), csvCell(undefined), csvCell(true), csvCell(false), csvCell(3)]).toEqual(['', '', 'yes', 'no', '3']);
    // A negative number is a value, not a formula; a number that is not one is left empty.
    expect([csvCell(-5), csvCell(-0.5), csvCell(Number.NaN), csvCell(Number.POSITIVE_INFINITY)]).toEqual(['-5', '-0.5', '', '']);
    expect(csvCell(new Date('2026-11-20T10:00:00Z'))).toBe('2026-11-20T10:00:00.000Z');
    expect(csvCell({ note: 'x, y' })).toBe('"{""note"":""x, y""}"');
  });

  it('writes a file with a byte order mark and CRLF lines, and names its download', () => {
    expect(csvFile(['A', 'B'], [['1', '=2']])).toBe("\uFEFFA,B\r\n1,'=2\r\n");
    expect(csvDownload('leads', new Date('2026-11-20T10:00:00Z'))).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="leads-2026-11-20.csv"',
      'cache-control': 'no-store',
    });
  });
});
