/**
 * What the pack's two printable pages share: escaping (every text is the member's own and goes into HTML
 * that opens from a file, so nothing is trusted), the page frame with its print CSS, and how a find's
 * details read to a person rather than a spreadsheet.
 */
import { floGridRef } from '@schema/contracts/flo-csv';
import type { LocalFind } from '@web/db/database';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute's value) as HTML. */
export function escapeHtml(text: string | number | null | undefined): string {
  return String(text ?? '').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/**
 * A whole page: its own CSS only, no script, no font, no image but the pack's own photos (referenced
 * relatively, so it works from the unzipped folder with no connection) and inline SVG.
 */
export function htmlPage(title: string, css: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
${css}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** A year as people write it: -43 → "43 BC", 60 → "AD 60" (the recording fields have no year 0). */
export function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : `AD ${year}`;
}

/** The find spot's grid reference at 8 figures (10 m), or what stands in for it. */
export function gridRef8(find: LocalFind): string {
  if (typeof find.latitude !== 'number' || typeof find.longitude !== 'number') return 'No position recorded';
  return (
    floGridRef(find, 8) || `${find.latitude.toFixed(5)}, ${find.longitude.toFixed(5)} (outside the grids)`
  );
}
