/**
 * The pack's sheet of bag labels (`labels.html`, docs/find-recording.md "The FLO pack"): for each find its
 * number, the day it was found, the 8-figure grid reference and a QR code to its page in DigQuest, laid
 * out for 21-per-sheet A4 labels (63.5 × 38.1 mm, 3 across, 7 down). The QR code is inline SVG made by
 * `qrcode`, so the sheet needs no connection and no script.
 */
import QRCode from 'qrcode';
import { floFindNumber, floFoundOn } from '@schema/contracts/flo-csv';
import type { LocalFind } from '@web/db/database';
import { escapeHtml, gridRef8, htmlPage } from './html';

export const LABELS_TITLE = 'DigQuest finds: bag labels';

const CSS = `
@page { size: A4; margin: 15.1mm 7.2mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 8pt/1.25 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #000; }
.sheet { display: grid; grid-template-columns: repeat(3, 63.5mm); grid-auto-rows: 38.1mm; column-gap: 2.5mm; }
.label { display: flex; gap: 2mm; align-items: center; padding: 2mm 3mm; overflow: hidden; break-inside: avoid; page-break-inside: avoid; }
.qr { flex: none; width: 30mm; height: 30mm; }
.qr svg { display: block; width: 100%; height: 100%; }
.about { min-width: 0; }
.about p { margin: 0 0 0.8mm; overflow-wrap: anywhere; }
.number { font-size: 10pt; font-weight: 700; }
.grid-ref { font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 700; }
.title { color: #333; max-height: 3em; overflow: hidden; }
@media screen { body { padding: 8mm; } .label { outline: 1px dashed #bbb; } }
`;

/** The find's page in DigQuest: the address a label's QR code holds. */
export function findAddress(origin: string, find: Pick<LocalFind, 'id' | 'uid'>): string {
  return `${origin.replace(/\/+$/, '')}/finds/${encodeURIComponent(floFindNumber(find))}`;
}

/** The QR code of an address as an SVG element (error correction M: a creased bag still scans). */
async function qrSvg(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.trim().replace('<svg ', '<svg role="img" aria-label="QR code to the find\'s page" ');
}

async function label(find: LocalFind, origin: string): Promise<string> {
  const address = findAddress(origin, find);
  return `<div class="label" data-find="${escapeHtml(floFindNumber(find))}" data-address="${escapeHtml(address)}">
<div class="qr">${await qrSvg(address)}</div>
<div class="about">
<p class="number">Find ${escapeHtml(floFindNumber(find))}</p>
<p>Found ${escapeHtml(floFoundOn(find))}</p>
<p class="grid-ref">${escapeHtml(gridRef8(find))}</p>
<p class="title">${escapeHtml(find.title)}</p>
</div>
</div>`;
}

/** The labels sheet, one label per find, in the order given. `origin` is the app's, e.g. https://digquest.example. */
export async function labelsHtml(finds: readonly LocalFind[], origin: string): Promise<string> {
  const labels: string[] = [];
  for (const find of finds) labels.push(await label(find, origin));
  return htmlPage(LABELS_TITLE, CSS, `<main class="sheet">\n${labels.join('\n')}\n</main>`);
}
