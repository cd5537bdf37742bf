// CSV export of a table, built in the browser with the same cell rules as the server's
// downloads (@curb/contracts/csv: cells from visitors that a spreadsheet would run as a
// formula are defused), handed to the browser as a file.

/** Hands the CSV text (csvFile's, with its byte-order mark) to the browser as a file download. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
