/**
 * CSV for the files people download (RFC 4180: fields with a comma, a quote or a line break quoted,
 * rows ended by CRLF). A text cell that a spreadsheet would read as a formula (it starts with =, +,
 * -, @, a tab or a carriage return) is given a leading apostrophe, unless it is a plain number
 * ("-12.50"): a product name or a member's words typed into Tapat never run in the accountant's
 * spreadsheet.
 */
export type CsvValue = string | number | bigint | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: the header row, then the rows. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
