/**
 * The find periods as years (docs/treasure.md "Periods and date ranges"): the Portable Antiquities Scheme's periods and the
 * app's own, so the find form can show each period's range and fill an empty date range from the period.
 * Years are negative for BC.
 */
import type { FIND_PERIODS } from './finds-constants';

/** A span of years, negative for BC (no year 0: 1 BC is -1); `toYear` null runs to the present. */
export interface YearRange {
  fromYear: number;
  toYear: number | null;
}

/**
 * Where the Stone Age's range starts: the Palaeolithic has no start year in the PAS list, so this is a
 * floor standing for "as early as it goes" rather than a date (docs/treasure.md explains the choice).
 */
export const EARLIEST_YEAR = -500_000;

/** The Portable Antiquities Scheme's periods, oldest first. */
export const PAS_PERIODS = [
  { name: 'Palaeolithic', fromYear: EARLIEST_YEAR, toYear: -10_001 },
  { name: 'Mesolithic', fromYear: -10_000, toYear: -4_001 },
  { name: 'Neolithic', fromYear: -4_000, toYear: -2_351 },
  { name: 'Bronze Age', fromYear: -2_350, toYear: -801 },
  { name: 'Iron Age', fromYear: -800, toYear: 42 },
  { name: 'Roman', fromYear: 43, toYear: 409 },
  { name: 'Early medieval', fromYear: 410, toYear: 1066 },
  { name: 'Medieval', fromYear: 1066, toYear: 1539 },
  { name: 'Post-medieval', fromYear: 1540, toYear: 1900 },
  { name: 'Modern', fromYear: 1901, toYear: null },
] as const satisfies readonly (YearRange & { name: string })[];

export type OfferedFindPeriod = (typeof FIND_PERIODS)[number];

/** The app's periods (schema/contracts/finds-constants.ts) as years, in line with the PAS list. */
export const PERIOD_DATE_RANGES: Readonly<Record<OfferedFindPeriod, YearRange | null>> = {
  'Stone Age': { fromYear: EARLIEST_YEAR, toYear: -2_351 },
  'Bronze Age': { fromYear: -2_350, toYear: -801 },
  'Iron Age': { fromYear: -800, toYear: 42 },
  Roman: { fromYear: 43, toYear: 409 },
  Saxon: { fromYear: 410, toYear: 1066 },
  Viking: { fromYear: 793, toYear: 1066 },
  Medieval: { fromYear: 1066, toYear: 1539 },
  Tudor: { fromYear: 1485, toYear: 1603 },
  'Post-medieval': { fromYear: 1540, toYear: 1900 },
  Georgian: { fromYear: 1714, toYear: 1837 },
  Victorian: { fromYear: 1837, toYear: 1901 },
  Modern: { fromYear: 1901, toYear: null },
  Unknown: null,
};

const isOfferedPeriod = (period: string): period is OfferedFindPeriod =>
  Object.hasOwn(PERIOD_DATE_RANGES, period);

/** A period's range, or null for 'Unknown', a legacy period or anything else. */
export function periodDateRange(period: string): YearRange | null {
  return isOfferedPeriod(period) ? PERIOD_DATE_RANGES[period] : null;
}

/** Picking a period fills the date range only when both ends are empty; a range the member typed stays. */
export function fillEmptyDateRange(
  current: { fromYear: number | null; toYear: number | null },
  period: string,
): { fromYear: number | null; toYear: number | null } {
  if (current.fromYear !== null || current.toYear !== null) return current;
  return periodDateRange(period) ?? current;
}

/**
 * '10,000 BC' (BC years grouped, as the PAS list writes them), 'AD 43' (AD only before 1000, where a bare
 * number could be misread), '1540' (a plain calendar year).
 */
export function formatYear(year: number): string {
  // Grouped by hand, not by toLocaleString, so the text never depends on the runtime's locale data.
  if (year < 0) return `${String(-year).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} BC`;
  return year < 1000 ? `AD ${year}` : String(year);
}

/** '800 BC – AD 42', '1901 onwards'. */
export function formatYearRange(range: YearRange): string {
  const from = formatYear(range.fromYear);
  return range.toYear === null ? `${from} onwards` : `${from} – ${formatYear(range.toYear)}`;
}
