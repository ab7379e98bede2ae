/**
 * What a configured MapLibre style fetches, read from its JSON (docs/map.md, "Detail is optional and
 * configured"): its tile sources (to save an area tile by tile), its sprites and glyphs (saved with the
 * area so its labels draw offline too), and its attribution. OpenStreetMap's own tile servers are refused
 * for saving: their usage policy forbids bulk downloading.
 */

export interface StyleTileSource {
  id: string;
  type: 'vector' | 'raster';
  /** Tile URL templates ({z}/{x}/{y}); empty until a TileJSON `url` is read. */
  tiles: string[];
  /** A TileJSON address giving `tiles`, when the style does not list them. */
  url: string | null;
  minzoom: number;
  maxzoom: number;
  scheme: 'xyz' | 'tms';
  attribution: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A URL of the style made absolute against the style's own address. Template fields ({z}, {fontstack}…)
 * survive: URL parsing would escape their braces.
 */
export function resolveUrl(url: string, base: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  } catch {
    return url;
  }
}

/** Whether a URL is one the app may fetch and cache (http or https; not mapbox:// or pmtiles://). */
export function isFetchableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** OpenStreetMap's tile servers (tile.openstreetmap.org and its subdomains): never saved in bulk. */
export function isForbiddenTileHost(url: string): boolean {
  try {
    const host = new URL(url.replace(/\{[a-z]+\}/gi, '0')).hostname.toLowerCase();
    return host === 'tile.openstreetmap.org' || host.endsWith('.tile.openstreetmap.org');
  } catch {
    return false;
  }
}

export function isValidStyle(
  style: unknown,
): style is Json & { version: 8; sources: Json; layers: unknown[] } {
  return isObject(style) && style.version === 8 && isObject(style.sources) && Array.isArray(style.layers);
}

/** The style's vector and raster sources, URLs resolved against `styleUrl`. */
export function tileSourcesOf(style: unknown, styleUrl: string): StyleTileSource[] {
  if (!isValidStyle(style)) return [];
  const out: StyleTileSource[] = [];
  for (const [id, source] of Object.entries(style.sources)) {
    if (!isObject(source) || (source.type !== 'vector' && source.type !== 'raster')) continue;
    const tiles = Array.isArray(source.tiles)
      ? source.tiles.flatMap((t) => (typeof t === 'string' ? [resolveUrl(t, styleUrl)] : []))
      : [];
    const url = str(source.url);
    out.push({
      id,
      type: source.type,
      tiles,
      url: url ? resolveUrl(url, styleUrl) : null,
      minzoom: num(source.minzoom, 0),
      maxzoom: num(source.maxzoom, 22),
      scheme: source.scheme === 'tms' ? 'tms' : 'xyz',
      attribution: str(source.attribution),
    });
  }
  return out;
}

/** A source completed from its TileJSON (`tiles`, zoom range, attribution). */
export function withTileJson(source: StyleTileSource, tileJson: unknown): StyleTileSource {
  if (!isObject(tileJson)) return source;
  const base = source.url ?? '';
  const tiles = Array.isArray(tileJson.tiles)
    ? tileJson.tiles.flatMap((t) => (typeof t === 'string' ? [resolveUrl(t, base)] : []))
    : [];
  return {
    ...source,
    tiles: source.tiles.length ? source.tiles : tiles,
    minzoom: num(tileJson.minzoom, source.minzoom),
    maxzoom: num(tileJson.maxzoom, source.maxzoom),
    scheme: tileJson.scheme === 'tms' ? 'tms' : source.scheme,
    attribution: source.attribution ?? str(tileJson.attribution),
  };
}

/** The URL of one tile, as MapLibre builds it from a template. */
export function tileUrl(
  template: string,
  { z, x, y }: { z: number; x: number; y: number },
  scheme: 'xyz' | 'tms' = 'xyz',
): string {
  const row = scheme === 'tms' ? 2 ** z - 1 - y : y;
  let quadkey = '';
  for (let i = z; i > 0; i--) {
    const mask = 1 << (i - 1);
    quadkey += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0));
  }
  return template
    .replace(/\{z\}/g, String(z))
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(row))
    .replace(/\{quadkey\}/g, quadkey)
    .replace(/\{prefix\}/g, (x % 16).toString(16) + (y % 16).toString(16))
    .replace(/\{ratio\}/g, '')
    .replace(/\{r\}/g, '');
}

/** Expression operators that can head an all-string array inside a `text-font` expression. */
const OPERATORS = new Set([
  'literal',
  'get',
  'has',
  'zoom',
  'geometry-type',
  'id',
  'properties',
  'to-string',
]);

/** Every font stack named by a `text-font` in the style, literal or inside an expression. */
export function fontStacksOf(style: unknown): string[] {
  if (!isValidStyle(style)) return [];
  const stacks = new Set<string>();
  const visit = (value: unknown) => {
    if (!Array.isArray(value)) return;
    const names = value.filter((v): v is string => typeof v === 'string');
    if (names.length > 0 && names.length === value.length && !OPERATORS.has(names[0] ?? '')) {
      stacks.add(names.join(','));
      return;
    }
    value.forEach(visit);
  };
  for (const layer of style.layers) {
    if (isObject(layer) && isObject(layer.layout)) visit(layer.layout['text-font']);
  }
  return [...stacks];
}

/**
 * The style's own files beyond tiles: sprite sheets (1x and 2x) and the glyph ranges most British and
 * Irish names need (Basic Latin, Latin-1, Latin Extended-A, general punctuation).
 */
export function styleAssetUrls(style: unknown, styleUrl: string): string[] {
  if (!isValidStyle(style)) return [];
  const urls: string[] = [];
  const sprite = style.sprite;
  const sprites: string[] =
    typeof sprite === 'string'
      ? [sprite]
      : Array.isArray(sprite)
        ? sprite.flatMap((s) => (isObject(s) && typeof s.url === 'string' ? [s.url] : []))
        : [];
  for (const base of sprites) {
    const absolute = resolveUrl(base, styleUrl);
    for (const suffix of ['.json', '.png', '@2x.json', '@2x.png']) urls.push(absolute + suffix);
  }
  const glyphs = str(style.glyphs);
  if (glyphs) {
    for (const stack of fontStacksOf(style)) {
      for (const range of ['0-255', '256-511', '8192-8447']) {
        const url = resolveUrl(glyphs.replace('{fontstack}', stack).replace('{range}', range), styleUrl);
        // As fetch() sends it (spaces escaped), so the saved copy is found under the same key.
        urls.push(URL.canParse(url) ? new URL(url).href : url);
      }
    }
  }
  return urls.filter(isFetchableUrl);
}
