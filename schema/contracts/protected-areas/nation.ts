/**
 * The UK nation of a place, offline, with `@rapideditor/country-coder` (its ISO 3166-2 subdivisions GB-ENG,
 * GB-WLS, GB-SCT, GB-NIR). The library carries about 700 KB of borders, so nothing else in this folder
 * imports this file: the web app loads it only when a check needs it. Its borders are coarse (they include
 * coastal waters and are simplified along the Welsh and Scottish borders).
 */
import { feature } from '@rapideditor/country-coder';
import type { UkNation } from './coverage';

const NATION_BY_CODE: Readonly<Record<string, UkNation>> = {
  'GB-ENG': 'england',
  'GB-WLS': 'wales',
  'GB-SCT': 'scotland',
  'GB-NIR': 'northern-ireland',
};

/** The nation of a territory's aliases as country-coder lists them; null for any other territory. */
export function ukNationOfAliases(aliases: readonly string[] | undefined): UkNation | null {
  for (const alias of aliases ?? []) {
    const nation = NATION_BY_CODE[alias];
    if (nation) return nation;
  }
  return null;
}

/**
 * The nation a place lies in; null outside the four nations (the Isle of Man and the Channel Islands are
 * Crown Dependencies, not the UK, and the open sea is nobody's).
 */
export function nationAt(point: { latitude: number; longitude: number }): UkNation | null {
  const territory = feature([point.longitude, point.latitude], { level: 'territory' });
  return ukNationOfAliases(territory?.properties.aliases);
}
