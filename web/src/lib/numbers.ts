/**
 * Counts as a British reader writes them ('12,345'), like the dates of web/src/lib/dates.ts: a fixed en-GB
 * format rather than the browser's locale, so every device and every test shows the same text (a German
 * browser would otherwise write '12.345 finds').
 *
 * Whole numbers are grouped here rather than by `Intl.NumberFormat`: the first Intl formatter a page makes
 * loads the browser's locale data, and on the forum that one formatter was the page's only Intl object,
 * about 130 ms of main-thread work at a phone's speed (`npm run profile:page -- /forum`, docs/testing.md).
 * Anything else (fractions, -0, huge numbers) still goes through Intl, made on first use.
 */
let enGbNumber: Intl.NumberFormat | undefined;

/** '7', '12,345', '-1,000'. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) {
    enGbNumber ??= new Intl.NumberFormat('en-GB');
    return enGbNumber.format(n);
  }
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}
