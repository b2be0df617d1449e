/** CSV text as the back end writes it (creators list, license purchases): RFC 4180 cells, a BOM, CRLF line ends. */

/** UTF-8 byte order mark: spreadsheet apps then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180). Text starting with =, +, -, @, tab or carriage return is prefixed with ' so a spreadsheet
 * shows it instead of evaluating it (formula injection); numbers are written as they are.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file: BOM, header row and one line per row. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return `${CSV_BOM}${[header.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n')}\r\n`;
}
