// CSV files the owner opens in a spreadsheet, written by the server and by the admin pages alike
// (RFC 4180: comma-separated, CRLF, a field with a comma, quote or line break in double quotes,
// quotes doubled), made safe from formula injection
// as OWASP advises: a cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab
// or a carriage return, or their full-width forms) gets a leading apostrophe and is shown as
// text. A lead typed `=HYPERLINK(…)` into a form; the owner's spreadsheet must not run it.
// Spreadsheets set to a semicolon (or tab) list separator split an unquoted cell there, so
// `Acme;=cmd|…` would start a formula in the next cell: such a cell is quoted, and each formula
// start after a separator gets its apostrophe too.
import { Type } from '@sinclair/typebox';

/** A route's CSV answer (text, sent as it is). */
export const CsvSchema = Type.String({ description: 'text/csv' });

const FORMULA_CHARS = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const FORMULA_START = new RegExp(`^[${FORMULA_CHARS}\\t\\r]`);
/** A list separator some spreadsheets use (comma, semicolon, tab), then a formula start. */
const FORMULA_AFTER_SEPARATOR = new RegExp(`([,;\\t\\uFF1B]\\s*)([${FORMULA_CHARS}])`, 'g');
const NEEDS_QUOTES = /[",;\t\r\n\uFF1B]|^\s|\s$/;

/** One cell: dates in ISO 8601 (UTC), true/false as yes/no, objects as JSON, numbers as they are, nothing as empty. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  // A number is written as it is: -5 is a value, not a formula.
  else if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
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
