// Reads a CSV file the product wrote as a spreadsheet would (RFC 4180: quoted cells with doubled
// quotes, CRLF rows), after the byte-order mark the product puts first.
export function parseCsv(text: string): string[][] {
  if (text.charCodeAt(0) !== 0xfeff) throw new Error('the CSV does not start with a byte-order mark');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
