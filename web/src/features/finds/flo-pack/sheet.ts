/**
 * The pack's printable record sheet (`record-sheet.html`, docs/find-recording.md "The FLO pack"): one find
 * per A4 page with its photo, measurements, 8-figure grid reference and find number, the way an FLO reads a
 * find across a desk. Opened from the unzipped folder; the browser's Print makes the pages.
 */
import { DEPTH_BAND_LABELS } from '@schema/contracts/find-recording-constants';
import { floFindNumber, floFoundOn } from '@schema/contracts/flo-csv';
import type { LocalFind } from '@web/db/database';
import { escapeHtml, formatYear, gridRef8, htmlPage } from './html';

/** A find with its photo's path in the ZIP (null when the photo could not be added). */
export interface PackEntry {
  find: LocalFind;
  photo: string | null;
}

export const RECORD_SHEET_TITLE = 'DigQuest finds: record sheet';

const CSS = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 11pt/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1c1917; }
.find { page-break-after: always; break-after: page; padding: 8mm 0; }
.find:last-of-type { page-break-after: auto; break-after: auto; }
.find header { display: flex; justify-content: space-between; align-items: baseline; gap: 6mm; border-bottom: 2px solid #3f6212; }
.find h1 { font-size: 16pt; margin: 0 0 2mm; }
.number { font-size: 14pt; font-weight: 700; white-space: nowrap; overflow-wrap: anywhere; }
.grid-ref { font-size: 14pt; font-weight: 700; font-family: ui-monospace, Menlo, Consolas, monospace; }
.photo { margin: 4mm 0; text-align: center; }
.photo img { max-width: 100%; max-height: 110mm; object-fit: contain; border: 1px solid #d6d3d1; }
.no-photo { color: #57534e; font-style: italic; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 0 8mm; }
h2 { font-size: 11pt; text-transform: uppercase; letter-spacing: 0.04em; color: #3f6212; margin: 4mm 0 1mm; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 1mm 2mm 1mm 0; border-bottom: 1px solid #e7e5e4; }
th { width: 42%; font-weight: 600; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
footer { margin-top: 4mm; font-size: 9pt; color: #57534e; }
@media screen { body { max-width: 182mm; margin: 0 auto; padding: 0 4mm; } .find { border-bottom: 1px dashed #a8a29e; } }
`;

type Row = [label: string, value: string | number | null | undefined];

/** A table of the rows that hold something: an FLO reads what was recorded, not a wall of blanks. */
function table(rows: readonly Row[]): string {
  const filled = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (filled.length === 0) return '<p class="no-photo">Not recorded</p>';
  const cells = filled.map(
    ([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  return `<table>${cells.join('')}</table>`;
}

const mm = (value: number | null | undefined) => (typeof value === 'number' ? `${value} mm` : null);

function dateRange(find: LocalFind): string | null {
  const { dateFromYear: from, dateToYear: to } = find;
  if (typeof from === 'number' && typeof to === 'number') return `${formatYear(from)} – ${formatYear(to)}`;
  if (typeof from === 'number') return `from ${formatYear(from)}`;
  if (typeof to === 'number') return `to ${formatYear(to)}`;
  return null;
}

function materials(find: LocalFind): string | null {
  const list = [find.primaryMaterial, find.secondaryMaterial].filter(Boolean);
  return list.length ? list.join(', ') : null;
}

function accuracy(find: LocalFind): string | null {
  const parts = [
    typeof find.positionAccuracyM === 'number' ? `± ${Math.round(find.positionAccuracyM)} m` : null,
    find.positionSource ? `by ${find.positionSource}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

function treasure(find: LocalFind): Row[] {
  if (!find.treasureStatus || find.treasureStatus === 'none') return [];
  return [
    ['Treasure', find.treasureStatus === 'possible' ? 'Possible Treasure' : 'Reported as possible Treasure'],
    ['Report by', find.treasureDeadline],
    ['Reported on', find.treasureReportedOn],
    ['Reported to', find.treasureReportedTo],
    ['Reference', find.treasureReference],
  ];
}

function findPage({ find, photo }: PackEntry): string {
  const number = floFindNumber(find);
  const image = photo
    ? `<img src="${escapeHtml(photo)}" alt="${escapeHtml(find.title)}">`
    : '<p class="no-photo">Photo not included: it was not on this device and could not be fetched.</p>';
  const object = table([
    ['Object type', find.objectType],
    ['Quantity', find.quantity ?? 1],
    ['Material', materials(find)],
    ['Completeness', find.completeness],
    ['Period', find.period],
    ['Date', dateRange(find)],
    ['PAS record ID', find.pasRecordId],
  ]);
  const measurements = table([
    ['Weight', typeof find.weightGrams === 'number' ? `${find.weightGrams} g` : null],
    ['Length', mm(find.lengthMm)],
    ['Width', mm(find.widthMm)],
    ['Thickness', mm(find.thicknessMm)],
    ['Diameter', mm(find.diameterMm)],
  ]);
  const spot = table([
    ['Grid reference', gridRef8(find)],
    ['Position', accuracy(find)],
    ['Find spot', find.location],
    ['Date found', floFoundOn(find)],
    ['Discovery method', find.discoveryMethod ?? 'Metal detector'],
    ['Depth', find.depthBand ? DEPTH_BAND_LABELS[find.depthBand] : null],
    ['Land use', find.landUse],
    ...treasure(find),
  ]);
  const text = (heading: string, value: string | null | undefined) =>
    value ? `<h2>${escapeHtml(heading)}</h2><p class="text">${escapeHtml(value)}</p>` : '';
  return `<section class="find" data-find="${escapeHtml(number)}">
<header><h1>${escapeHtml(find.title)}</h1><span class="number">Find ${escapeHtml(number)}</span></header>
<p>Grid reference <span class="grid-ref">${escapeHtml(gridRef8(find))}</span></p>
<div class="photo">${image}</div>
<div class="columns">
<div><h2>Object</h2>${object}<h2>Measurements</h2>${measurements}</div>
<div><h2>Find spot</h2>${spot}</div>
</div>
${text('Description', find.description)}${text('Notes for the FLO', find.floNotes)}
<footer>Recorded by ${escapeHtml(find.username)} with DigQuest.</footer>
</section>`;
}

/** The sheet: one `<section class="find">` per find, each printed on a page of its own. */
export function recordSheetHtml(entries: readonly PackEntry[]): string {
  return htmlPage(RECORD_SHEET_TITLE, CSS, entries.map(findPage).join('\n'));
}
