/** A CSV cell: quoted, and a leading = + - @ (or tab, carriage return) defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows of cells as a CSV file (CRLF line ends, as spreadsheets expect). */
export function toCsv(rows: (string | number | boolean | null)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
