/**
 * The detailed basemap (MAP_PMTILES_URL, docs/map.md "The detailed map"): a PMTiles archive of
 * OpenStreetMap data — a `pmtiles extract` of a Protomaps build — read with the `pmtiles` library, either
 * from a file through `fs` (FileArchiveSource) or from an http(s) address by byte ranges (the library's
 * FetchSource). Its tiles are sent as ordinary `/tiles/detail/{z}/{x}/{y}.mvt` answers
 * (features/map-tiles/routes.ts), which browsers and the service worker cache tile by tile; browsers do not
 * cache byte-range answers.
 *
 * A tile is sent as stored: the archive's gzip (or Brotli) is passed on as the Content-Encoding rather than
 * undone and redone, so the library's own tile reader (which decompresses) is bypassed for a lookup over
 * its cached header and directories. The archive is opened once per configuration; replacing the file needs
 * a restart. A failed open is tried again on the next request.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  Compression,
  FetchSource,
  findTile,
  PMTiles,
  TileType,
  zxyToTileId,
  type Header,
  type RangeResponse,
  type Source,
} from 'pmtiles';
import type { Config, MapDetailSource } from './config';

/** Credit line the map shows for the detailed map (the ODbL requires it). */
export const OSM_ATTRIBUTION =
  '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">© OpenStreetMap contributors</a>';

/** PMTiles compression → the Content-Encoding that carries it as it is; None needs none. */
const ENCODINGS: Partial<Record<Compression, 'gzip' | 'br' | null>> = {
  [Compression.None]: null,
  [Compression.Gzip]: 'gzip',
  [Compression.Brotli]: 'br',
};

/** Reads a local archive with positioned reads of one open file. */
export class FileArchiveSource implements Source {
  private handle: Promise<fs.FileHandle> | null = null;

  constructor(private readonly file: string) {}

  getKey(): string {
    return this.file;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.handle ??= fs.open(this.file, 'r');
    const handle = await this.handle.catch((err: unknown) => {
      this.handle = null;
      throw err;
    });
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    // The header read asks for 16 KiB, more than a small archive holds: give what there is.
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) };
  }
}

export interface DetailArchive {
  /** Changes when the archive does (its header's fields); part of tile URLs and ETags. */
  version: string;
  minZoom: number;
  maxZoom: number;
  bounds: [west: number, south: number, east: number, north: number];
  center: [lng: number, lat: number, zoom: number];
  /** How stored tiles are compressed, as a Content-Encoding; null for none. */
  encoding: 'gzip' | 'br' | null;
  metadata: Record<string, unknown>;
  /** The tile's bytes as stored, or null when the archive has none there (sea, beyond its bounds). */
  tile(z: number, x: number, y: number): Promise<Uint8Array | null>;
}

function sourceOf(detail: MapDetailSource): Source {
  return detail.kind === 'file' ? new FileArchiveSource(detail.path) : new FetchSource(detail.url);
}

function versionOf(header: Header): string {
  const { etag: _etag, ...fields } = header;
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 12);
}

async function open(detail: MapDetailSource): Promise<DetailArchive> {
  const archive = new PMTiles(sourceOf(detail));
  const header = await archive.getHeader();
  if (header.tileType !== TileType.Mvt)
    throw new Error('MAP_PMTILES_URL: the archive does not hold vector (MVT) tiles');
  const encoding = ENCODINGS[header.tileCompression];
  if (encoding === undefined)
    throw new Error('MAP_PMTILES_URL: tiles compressed with something other than gzip or Brotli');
  const metadata = await archive.getMetadata().catch(() => ({}));

  async function tile(z: number, x: number, y: number): Promise<Uint8Array | null> {
    if (z < header.minZoom || z > header.maxZoom) return null;
    const id = zxyToTileId(z, x, y);
    let offset = header.rootDirectoryOffset;
    let length = header.rootDirectoryLength;
    // Root, then at most three levels of leaf directories (the PMTiles specification's limit).
    for (let depth = 0; depth <= 3; depth++) {
      const entries = await archive.cache.getDirectory(archive.source, offset, length, header);
      const entry = findTile(entries, id);
      if (!entry) return null;
      if (entry.runLength > 0) {
        const bytes = await archive.source.getBytes(
          header.tileDataOffset + entry.offset,
          entry.length,
          undefined,
          header.etag,
        );
        return new Uint8Array(bytes.data);
      }
      offset = header.leafDirectoryOffset + entry.offset;
      length = entry.length;
    }
    throw new Error('MAP_PMTILES_URL: the archive nests its directories too deep');
  }

  return {
    version: versionOf(header),
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    center: [header.centerLon, header.centerLat, header.centerZoom],
    encoding,
    metadata: typeof metadata === 'object' && metadata !== null ? { ...metadata } : {},
    tile,
  };
}

const opened = new WeakMap<Config, Promise<DetailArchive>>();

/** The configured archive, opened on first use and kept per configuration; null when none is configured. */
export function detailArchive(config: Config): Promise<DetailArchive> | null {
  const detail = config.mapDetail;
  if (!detail) return null;
  let archive = opened.get(config);
  if (!archive) {
    archive = open(detail);
    opened.set(config, archive);
    archive.catch(() => opened.delete(config));
  }
  return archive;
}

/** The tile URL template the map uses: our own origin, the archive's version as a query. */
export function detailTilesPath(archive: DetailArchive): string {
  return `/tiles/detail/{z}/{x}/{y}.mvt?v=${archive.version}`;
}

/**
 * What `GET /api/config` tells the app about the detailed map (`mapDetail`), or undefined when there is
 * none or it cannot be read right now (the app then draws the outline map and says where it ends).
 */
export async function publicMapDetail(config: Config) {
  const archive = await detailArchive(config)?.catch(() => null);
  if (!archive) return undefined;
  return {
    tiles: detailTilesPath(archive),
    minzoom: archive.minZoom,
    maxzoom: archive.maxZoom,
    bounds: archive.bounds,
    attribution: OSM_ATTRIBUTION,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The map's part of `GET /api/config`: `mapStyleUrl` (MAP_STYLE_URL), `mapDetail` and `mapImagery`
 * (an XYZ template, its credit as HTML-escaped text — MapLibre shows attributions as HTML — and its
 * deepest zoom). Unset ones are left out.
 */
export async function publicMapSources(config: Config) {
  const imagery = config.mapImagery;
  return {
    mapStyleUrl: config.mapStyleUrl,
    mapDetail: await publicMapDetail(config),
    mapImagery: imagery
      ? { tiles: imagery.url, attribution: escapeHtml(imagery.attribution), maxzoom: imagery.maxZoom }
      : undefined,
  };
}
