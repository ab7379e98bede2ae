/**
 * The bundled gazetteer of towns and villages (public/basemap/uk-places.json, made by
 * `npm run basemap:make` from GeoNames): read once, searched on the device, so place search works with no
 * signal. Matching ignores case, accents and punctuation ("St Helens" finds "St. Helens"); whole-name
 * matches come first, then names starting with the text, then names with a word starting with it, then
 * any other containing it; within each, bigger places (higher rank) first.
 */

export interface GazetteerPlace {
  name: string;
  /** County, or nation for the Isle of Man and the Channel Islands. */
  region: string;
  latitude: number;
  longitude: number;
  /** 6 (hamlet) … 15 (London); bigger is more important. */
  rank: number;
}

export interface Gazetteer {
  places: GazetteerPlace[];
  /** Normalised names, index for index with `places`. */
  keys: string[];
}

export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Drops a trailing ", UK", "England" and the like: every place here is in these islands anyway. */
export function stripCountrySuffix(text: string): string {
  return text
    .replace(
      /[,\s]+(uk|u\.k\.|gb|great britain|united kingdom|england|scotland|wales|northern ireland|ireland)\s*$/i,
      '',
    )
    .trim();
}

function isRow(row: unknown): row is [string, number, number, number, number] {
  return (
    Array.isArray(row) &&
    typeof row[0] === 'string' &&
    typeof row[1] === 'number' &&
    typeof row[2] === 'number' &&
    typeof row[3] === 'number' &&
    typeof row[4] === 'number'
  );
}

/** Reads the file's `{ regions, places: [name, lat, lng, rank, regionIndex][] }`; bad rows are skipped. */
export function parseGazetteer(data: unknown): Gazetteer {
  const get = (key: string): unknown =>
    typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined;
  const regionsValue = get('regions');
  const rowsValue = get('places');
  const regions = Array.isArray(regionsValue) ? regionsValue.map(String) : [];
  const rows: unknown[] = Array.isArray(rowsValue) ? rowsValue : [];
  const places = rows.filter(isRow).map(([name, latitude, longitude, rank, region]) => ({
    name,
    latitude,
    longitude,
    rank,
    region: regions[region] ?? '',
  }));
  return { places, keys: places.map((p) => normalizePlaceName(p.name)) };
}

/**
 * The best matches for `query`, most relevant first. "Newport, Wales" or "Richmond, North Yorkshire"
 * narrows by county or nation when such a place exists.
 */
export function searchGazetteer(gazetteer: Gazetteer, query: string, limit = 8): GazetteerPlace[] {
  const [namePart = '', ...rest] = stripCountrySuffix(query).split(',');
  const text = normalizePlaceName(namePart);
  const regionText = normalizePlaceName(rest.join(' '));
  if (text.length < 2) return [];
  const scored: { place: GazetteerPlace; score: number }[] = [];
  gazetteer.keys.forEach((key, i) => {
    const place = gazetteer.places[i];
    if (!place) return;
    let tier: number;
    if (key === text) tier = 3;
    else if (key.startsWith(text)) tier = 2;
    else if (key.includes(` ${text}`)) tier = 1;
    else if (text.length >= 3 && key.includes(text)) tier = 0;
    else return;
    scored.push({ place, score: tier * 100 + place.rank });
  });
  const inRegion = regionText
    ? scored.filter((s) => normalizePlaceName(s.place.region).includes(regionText))
    : scored;
  return (inRegion.length ? inRegion : scored)
    .sort((a, b) => b.score - a.score || a.place.name.localeCompare(b.place.name))
    .slice(0, limit)
    .map((s) => s.place);
}

/** The nearest place of at least `minRank` to a position (for naming a saved area), or null. */
export function nearestPlace(
  gazetteer: Gazetteer,
  latitude: number,
  longitude: number,
  minRank = 7,
): GazetteerPlace | null {
  const cos = Math.cos((latitude * Math.PI) / 180);
  let best: GazetteerPlace | null = null;
  let bestDistance = Infinity;
  for (const place of gazetteer.places) {
    if (place.rank < minRank) continue;
    const dLat = place.latitude - latitude;
    const dLng = (place.longitude - longitude) * cos;
    const distance = dLat * dLat + dLng * dLng;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = place;
    }
  }
  return best;
}
