/**
 * Counts as a British reader writes them ('12,345'), like the dates of web/src/lib/dates.ts: a fixed en-GB
 * format rather than the browser's locale, so every device and every test shows the same text (a German
 * browser would otherwise write '12.345 finds').
 */
const EN_GB_NUMBER = new Intl.NumberFormat('en-GB');

/** '7', '12,345'. */
export function formatCount(n: number): string {
  return EN_GB_NUMBER.format(n);
}
