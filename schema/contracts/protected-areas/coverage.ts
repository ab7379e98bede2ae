/**
 * Which UK nation each source of protected areas covers, and the attribution its open licence asks us to show
 * with the data. A place is covered when an imported source covers its nation: elsewhere the check
 * answers no-data, never "clear". Pure data and functions: the nation of a place comes from nation.ts, which
 * is kept apart because its borders are large.
 */
import type { ProtectedSource } from './types';

export const UK_NATIONS = ['england', 'wales', 'scotland', 'northern-ireland'] as const;
export type UkNation = (typeof UK_NATIONS)[number];

export interface SourceInfo {
  /** The body that publishes the data. */
  publisher: string;
  /** What the source lists. */
  designation: string;
  /** The nations whose every area of that designation the source lists. */
  nations: readonly UkNation[];
  /** The attribution to show with the data, `{year}` the year of the import; null for none. */
  attribution: string | null;
}

const OGL = 'Licensed under the Open Government Licence v3.0.';

export const PROTECTED_SOURCE_INFO: Readonly<Record<ProtectedSource, SourceInfo>> = {
  nhle: {
    publisher: 'Historic England',
    designation: 'Scheduled monuments (National Heritage List for England)',
    nations: ['england'],
    attribution: `Contains Historic England data © Historic England {year}. ${OGL}`,
  },
  cadw: {
    publisher: 'Cadw',
    designation: 'Scheduled monuments in Wales',
    nations: ['wales'],
    attribution: `Contains Cadw data © Crown copyright {year}. ${OGL}`,
  },
  hes: {
    publisher: 'Historic Environment Scotland',
    designation: 'Scheduled monuments in Scotland',
    nations: ['scotland'],
    attribution: `Contains Historic Environment Scotland data © Historic Environment Scotland {year}. ${OGL}`,
  },
  sssi: {
    publisher: 'Natural England',
    designation: 'Sites of Special Scientific Interest (England)',
    nations: ['england'],
    // Natural England's own attribution statement for its open datasets, then the licence.
    attribution: `© Natural England copyright. Contains Ordnance Survey data © Crown copyright and database right {year}. ${OGL}`,
  },
  other: {
    publisher: 'Other',
    designation: 'Other protected areas',
    nations: [],
    attribution: null,
  },
};

/** The attribution a source's data must carry, for the year of its import; null when it has none. */
export function attributionFor(source: ProtectedSource, year: number): string | null {
  return PROTECTED_SOURCE_INFO[source].attribution?.replace('{year}', String(year)) ?? null;
}

/** The sources of scheduled monuments: the offence the check exists to prevent (s.42 of the 1979 Act). */
const MONUMENT_SOURCES: readonly ProtectedSource[] = ['nhle', 'cadw', 'hes'];

/**
 * Whether the check can say "clear" in this nation: only once its scheduled monuments are imported. An SSSI
 * list alone does not make a nation covered — "clear" would then hide every unloaded monument — so until the
 * monuments are loaded the answer is no-data (null: outside the UK's four nations, never covered).
 */
export function isCovered(nation: UkNation | null, importedSources: readonly ProtectedSource[]): boolean {
  if (nation === null) return false;
  return importedSources.some(
    (source) => MONUMENT_SOURCES.includes(source) && PROTECTED_SOURCE_INFO[source].nations.includes(nation),
  );
}
