/**
 * The finds spreadsheet of the FLO pack (docs/find-recording.md "The FLO pack"): one row per find, the
 * columns named after the Portable Antiquities Scheme's recording fields, for the finder to hand to their
 * Finds Liaison Officer. It is the finder's own copy, so it carries the exact find spot: the 10-figure grid
 * reference and the WGS84 position. The device's pack (web/src/features/finds/flo-pack) and the server's
 * `GET /api/finds/export.csv` both write it with `floCsv`, so the two files read the same.
 *
 * The file is RFC 4180 CSV with CRLF line ends and a UTF-8 byte order mark (without it Excel reads "£",
 * "–" and accents as Windows-1252). A cell a spreadsheet would run as a formula gets a leading apostrophe.
 */
import type { Find } from './finds';
import { DEPTH_BAND_LABELS, DEFAULT_DISCOVERY_METHOD } from './find-recording-constants';
import { toGridRef } from './grid/coordinates';
import { ukDate } from './treasure-dates';
import { csvCell } from './csv-cell';

/**
 * A find as its owner has it: the wire shape with the exact position and the owner-only details. `id` is
 * null for a find still only on the device (its create not yet acknowledged).
 */
export type FloCsvFind = Omit<Find, 'id'> & { id: number | null };

/**
 * The number a find goes by in the pack, on its bag label and in its address (`/finds/<number>`): the
 * server's id once it has one, else the device's uid (the find page opens either).
 */
export function floFindNumber(find: Pick<FloCsvFind, 'id' | 'uid'>): string {
  return find.id === null ? find.uid : String(find.id);
}

/**
 * The day it was found: `foundOn`, or the UK calendar day it was logged for a find stored before the
 * recording details existed (the server answers the same default).
 */
export function floFoundOn(find: Pick<FloCsvFind, 'foundOn' | 'created_at'>): string {
  if (find.foundOn) return find.foundOn;
  const logged = new Date(find.created_at);
  return Number.isNaN(logged.getTime()) ? '' : ukDate(logged);
}

/** The find spot as a grid reference of `figures` figures, or '' without a position or outside the grids. */
export function floGridRef(
  find: Pick<FloCsvFind, 'latitude' | 'longitude'>,
  figures: 4 | 6 | 8 | 10,
): string {
  const { latitude, longitude } = find;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return '';
  return toGridRef({ latitude, longitude }, figures) ?? '';
}

type Cell = string | number | null | undefined;

/** Options of `floCsv`. */
export interface FloCsvOptions {
  /**
   * The "Photo file" cell: the device's pack names the photo's path inside the ZIP (or '' when the photo
   * could not be added); by default the find's photo address.
   */
  photoFile?: (find: FloCsvFind) => string;
}

interface Column {
  heading: string;
  value: (find: FloCsvFind, options: Required<FloCsvOptions>) => Cell;
}

/** The columns in order: the heading and how each find fills it. */
const COLUMNS: readonly Column[] = [
  { heading: 'Find number', value: (f) => floFindNumber(f) },
  { heading: 'Object type', value: (f) => f.objectType },
  // The server stores 1 and Metal detector when the finder gave none: a device row older than the fields reads the same.
  { heading: 'Quantity', value: (f) => f.quantity ?? 1 },
  { heading: 'Primary material', value: (f) => f.primaryMaterial },
  { heading: 'Secondary material', value: (f) => f.secondaryMaterial },
  { heading: 'Weight (g)', value: (f) => f.weightGrams },
  { heading: 'Length (mm)', value: (f) => f.lengthMm },
  { heading: 'Width (mm)', value: (f) => f.widthMm },
  { heading: 'Thickness (mm)', value: (f) => f.thicknessMm },
  { heading: 'Diameter (mm)', value: (f) => f.diameterMm },
  { heading: 'Completeness', value: (f) => f.completeness },
  { heading: 'Date from', value: (f) => f.dateFromYear },
  { heading: 'Date to', value: (f) => f.dateToYear },
  { heading: 'Period', value: (f) => f.period },
  { heading: 'Discovery method', value: (f) => f.discoveryMethod ?? DEFAULT_DISCOVERY_METHOD },
  { heading: 'Date found', value: (f) => floFoundOn(f) },
  { heading: 'Depth', value: (f) => (f.depthBand ? DEPTH_BAND_LABELS[f.depthBand] : '') },
  { heading: 'Land use', value: (f) => f.landUse },
  { heading: 'Grid reference', value: (f) => floGridRef(f, 10) },
  { heading: 'Latitude', value: (f) => f.latitude },
  { heading: 'Longitude', value: (f) => f.longitude },
  { heading: 'Position accuracy (m)', value: (f) => f.positionAccuracyM },
  { heading: 'Position source', value: (f) => f.positionSource },
  { heading: 'Find spot description', value: (f) => f.location },
  { heading: 'Title', value: (f) => f.title },
  { heading: 'Description', value: (f) => f.description },
  { heading: 'PAS record ID', value: (f) => f.pasRecordId },
  { heading: 'Notes for the FLO', value: (f) => f.floNotes },
  { heading: 'Treasure status', value: (f) => f.treasureStatus ?? 'none' },
  { heading: 'Treasure deadline', value: (f) => f.treasureDeadline },
  { heading: 'Photo file', value: (f, o) => o.photoFile(f) },
];

/** The column headings, in the order of the file. */
export const floCsvColumns: readonly string[] = COLUMNS.map((c) => c.heading);

/** The CSV's line end (RFC 4180) and the byte order mark that tells Excel it is UTF-8. */
export const FLO_CSV_LINE_END = '\r\n';
export const UTF8_BOM = '\uFEFF';

/** One cell as written: formula guard first, then RFC 4180 quoting (./csv-cell). */
export const floCsvCell = csvCell;

const resolve = (options: FloCsvOptions): Required<FloCsvOptions> => ({
  photoFile: options.photoFile ?? ((f) => f.imageUrl),
});

/** The file's start: the byte order mark and the headings line. */
export function floCsvHead(): string {
  return UTF8_BOM + floCsvColumns.map(floCsvCell).join(',') + FLO_CSV_LINE_END;
}

/** One find's line, line end included: what a writer streaming many finds appends after `floCsvHead`. */
export function floCsvLine(find: FloCsvFind, options: FloCsvOptions = {}): string {
  const resolved = resolve(options);
  return COLUMNS.map((column) => floCsvCell(column.value(find, resolved))).join(',') + FLO_CSV_LINE_END;
}

/** The finds as the pack's `finds.csv`, in the order given: headings, then one line per find. */
export function floCsv(finds: readonly FloCsvFind[], options: FloCsvOptions = {}): string {
  return floCsvHead() + finds.map((find) => floCsvLine(find, options)).join('');
}
