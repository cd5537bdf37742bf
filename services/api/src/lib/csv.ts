// CSV files the owner opens in a spreadsheet (RFC 4180: comma-separated, CRLF, a field with a
// comma, quote or line break in double quotes, quotes doubled), made safe from formula injection
// as OWASP advises: a cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab
// or a carriage return, or their full-width forms) gets a leading apostrophe and is shown as
// text. A lead typed `=HYPERLINK(…)` into a form; the owner's spreadsheet must not run it.
import { Type } from '@sinclair/typebox';

/** A route's CSV answer (text, sent as it is). */
export const CsvSchema = Type.String({ description: 'text/csv' });

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell: dates in ISO 8601 (UTC), true/false as yes/no, objects as JSON, nothing as empty. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: the header row, then the rows, each line ending in CRLF. It starts with a UTF-8
 * byte order mark, which spreadsheets need to read accented names as UTF-8.
 */
export function csvFile(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}

/** Headers that send a CSV as a download named `name-YYYY-MM-DD.csv`. */
export function csvDownload(name: string, now = new Date()): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
    'cache-control': 'no-store',
  };
}
