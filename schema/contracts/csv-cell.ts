/**
 * One CSV cell as the app writes it (the FLO pack's finds.csv, the site-check log): a value a spreadsheet
 * would run as a formula gets a leading apostrophe (OWASP "CSV injection"), then RFC 4180 quoting.
 */

/** Starts a spreadsheet may run as a formula, tab and carriage return included. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number such as -43 (a year BC) or -1.5 (a longitude) is data, not a formula: left as it is. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
