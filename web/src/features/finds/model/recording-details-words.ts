/**
 * A find's recording details in plain words for its page (docs/find-recording.md): "Copper alloy, 4.52 g,
 * 23 × 18 mm, Incomplete, AD 1200–1300, found 12 March 2026 at 10–20 cm in pasture, by metal detector".
 * Only what was recorded is said.
 */
import {
  DEPTH_BAND_LABELS,
  type DiscoveryMethod,
  type FindRecordingOwnerOnly,
  type FindspotPrecision,
  type FindRecordingPublic,
  type LandUse,
} from '@schema/contracts/find-recording-constants';

/** Who may see where it was found, in the member's words (docs/find-recording.md). */
export const FINDSPOT_PRECISION_LABELS: Readonly<Record<FindspotPrecision, string>> = {
  hidden: 'Nobody (hidden)',
  '4': '1 km square (4-figure grid reference)',
  '6': '100 m square (6-figure, members only)',
};

/** "± 8 m": the radius the phone is 68 % sure of (the Geolocation API's coords.accuracy), in whole metres. */
export const accuracyWords = (metres: number) => `± ${Math.round(metres)} m`;

export type RecordedFind = Partial<FindRecordingPublic> & Partial<FindRecordingOwnerOnly>;

const sentenceCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const LAND_USE_WORDS: Readonly<Record<LandUse, string | null>> = {
  cultivated: 'on cultivated land',
  pasture: 'in pasture',
  woodland: 'in woodland',
  'foreshore or beach': 'on the foreshore or beach',
  garden: 'in a garden',
  other: null,
};

const DISCOVERY_WORDS: Readonly<Record<DiscoveryMethod, string | null>> = {
  'Metal detector': 'by metal detector',
  'Chance find while detecting': 'a chance find while detecting',
  Fieldwalking: 'while fieldwalking',
  Gardening: 'while gardening',
  'Building work': 'during building work',
  'Agricultural or drainage work': 'during agricultural or drainage work',
  'Other chance find': 'a chance find',
  Unknown: null,
};

/** Read on UTC: a calendar day at midnight UTC is the same day there, whatever the device's zone. */
const DAY_WORDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-12' → '12 March 2026', read as a calendar day (no time zone can move it). */
export function calendarDayWords(isoDay: string): string {
  const [year = NaN, month = NaN, day = NaN] = isoDay.split('-').map(Number);
  const time = Date.UTC(year, month - 1, day);
  return Number.isFinite(time) ? DAY_WORDS.format(time) : isoDay;
}

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const yearWords = (year: number) => (year < 0 ? `${grouped(-year)} BC` : `AD ${year}`);

/** 'AD 1200–1300', '800–500 BC', '800 BC–AD 42', 'AD 1250', 'from AD 1200', 'until 500 BC'. */
export function dateRangeWords(from: number | null, to: number | null): string | null {
  if (from === null && to === null) return null;
  if (from === null) return `until ${yearWords(to ?? 0)}`;
  if (to === null) return `from ${yearWords(from)}`;
  if (from === to) return yearWords(from);
  if (from > 0) return `AD ${from}–${to}`;
  if (to < 0) return `${grouped(-from)}–${grouped(-to)} BC`;
  return `${yearWords(from)}–${yearWords(to)}`;
}

/** "3 × coin", "Brooch"; a quantity alone as "3 objects". */
function objectWords(find: RecordedFind): string | null {
  const quantity = find.quantity ?? 1;
  if (find.objectType)
    return quantity > 1 ? `${quantity} × ${find.objectType}` : sentenceCase(find.objectType);
  return quantity > 1 ? `${quantity} objects` : null;
}

function sizeWords(find: RecordedFind): string[] {
  const sides = [find.lengthMm, find.widthMm, find.thicknessMm].filter(
    (v): v is number => typeof v === 'number',
  );
  const words = sides.length ? [`${sides.join(' × ')} mm`] : [];
  if (typeof find.diameterMm === 'number') words.push(`${find.diameterMm} mm across`);
  return words;
}

/** "found 12 March 2026 at 10–20 cm in pasture", or null when none of it was recorded. */
function whereAndWhen(find: RecordedFind): string | null {
  const parts = [
    find.foundOn ? calendarDayWords(find.foundOn) : null,
    find.depthBand ? `at ${DEPTH_BAND_LABELS[find.depthBand].toLowerCase()}` : null,
    find.landUse ? LAND_USE_WORDS[find.landUse] : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? `found ${parts.join(' ')}` : null;
}

/** The recorded details as one line of plain words; null when nothing was recorded. */
export function recordingSummary(find: RecordedFind): string | null {
  const materials = [find.primaryMaterial, find.secondaryMaterial].filter((m): m is NonNullable<typeof m> =>
    Boolean(m),
  );
  const parts = [
    objectWords(find),
    materials.length ? sentenceCase(materials.join(' and ')) : null,
    typeof find.weightGrams === 'number' ? `${find.weightGrams} g` : null,
    ...sizeWords(find),
    find.completeness ?? null,
    dateRangeWords(find.dateFromYear ?? null, find.dateToYear ?? null),
    whereAndWhen(find),
    find.discoveryMethod ? DISCOVERY_WORDS[find.discoveryMethod] : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(', ') : null;
}
