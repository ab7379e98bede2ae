/**
 * The detailed map's tiles (docs/map.md, "The detailed map"; lib/map-detail.ts): plain GETs the browser
 * and the service worker cache tile by tile, and a TileJSON for other map clients.
 *
 * - `GET /tiles/detail/{z}/{x}/{y}.mvt`: the tile as stored, its gzip passed on as `Content-Encoding`
 *   (undone here only for a client that does not accept it). 204 for a tile the archive lacks within its
 *   zooms (sea, fields beyond the extract: an empty tile, not an error), 404 beyond its zooms or with no
 *   detailed map configured, 400 for coordinates that name no tile. The app asks with `?v=` set to the
 *   archive's version: such answers are cached for a year (a new archive brings a new version, so new
 *   URLs); without it, a day. Every answer has an ETag; a matching If-None-Match is a 304.
 * - `GET /tiles/detail.json`: TileJSON 3.0 with the same tile URL, the zoom range and bounds.
 */
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { acceptedQuality } from '../../lib/compression';
import { badRequest, HttpError, notFound, unavailable } from '../../lib/errors';
import { detailArchive, detailTilesPath, OSM_ATTRIBUTION, type DetailArchive } from '../../lib/map-detail';

const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';
/** Deeper than any web map goes; keeps 2^z exact. */
const MAX_TILE_ZOOM = 30;
const decoders = { gzip: promisify(gunzip), br: promisify(brotliDecompress) };

export const TILE_MESSAGES = {
  noDetail: 'This site has no detailed map',
  badTile: 'Not a map tile: z, x and y must be whole numbers with x and y below 2^z',
  unavailable: 'The detailed map cannot be read right now',
} as const;

/** z/x/y from the path, or a 400: digits only, x and y within the zoom's grid. */
function tileCoordinates(z: string, x: string, file: string) {
  const y = /^(\d{1,10})\.mvt$/.exec(file)?.[1];
  if (!/^\d{1,2}$/.test(z) || !/^\d{1,10}$/.test(x) || y === undefined)
    throw badRequest(TILE_MESSAGES.badTile);
  const coords = { z: Number(z), x: Number(x), y: Number(y) };
  const size = 2 ** coords.z;
  if (coords.z > MAX_TILE_ZOOM || coords.x >= size || coords.y >= size)
    throw badRequest(TILE_MESSAGES.badTile);
  return coords;
}

export function mapTilesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  async function archive(): Promise<DetailArchive> {
    const opening = detailArchive(deps.config);
    if (!opening) throw notFound(TILE_MESSAGES.noDetail);
    try {
      return await opening;
    } catch (err) {
      deps.logger.error({ err }, 'the detailed map (MAP_PMTILES_URL) cannot be read');
      throw unavailable(TILE_MESSAGES.unavailable);
    }
  }

  app.get('/tiles/detail.json', async (c) => {
    const detail = await archive();
    c.header('Cache-Control', 'no-cache');
    return c.json({
      tilejson: '3.0.0',
      name: typeof detail.metadata.name === 'string' ? detail.metadata.name : 'Detailed map',
      scheme: 'xyz',
      tiles: [`${deps.config.publicUrl}${detailTilesPath(detail)}`],
      minzoom: detail.minZoom,
      maxzoom: detail.maxZoom,
      bounds: detail.bounds,
      center: detail.center,
      attribution: OSM_ATTRIBUTION,
      vector_layers: Array.isArray(detail.metadata.vector_layers) ? detail.metadata.vector_layers : [],
    });
  });

  app.get('/tiles/detail/:z/:x/:file', async (c) => {
    const { z, x, y } = tileCoordinates(c.req.param('z'), c.req.param('x'), c.req.param('file'));
    const detail = await archive();
    if (z < detail.minZoom || z > detail.maxZoom) throw notFound('No tiles at this zoom');

    const accept = c.req.header('accept-encoding');
    const passOn = detail.encoding !== null && acceptedQuality(accept, detail.encoding) > 0;
    const etag = `"${detail.version}-${z}-${x}-${y}${passOn ? `-${detail.encoding}` : ''}"`;
    c.header('Cache-Control', c.req.query('v') === detail.version ? YEAR : DAY);
    c.header('ETag', etag);
    c.header('Vary', 'Accept-Encoding');
    if (
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return c.body(null, 304);

    let stored: Uint8Array | null;
    try {
      stored = await detail.tile(z, x, y);
    } catch (err) {
      deps.logger.error({ err, z, x, y }, 'a detailed map tile could not be read');
      throw unavailable(TILE_MESSAGES.unavailable);
    }
    if (!stored) return c.body(null, 204);
    const body = detail.encoding && !passOn ? await decoders[detail.encoding](stored) : stored;
    c.header('Content-Type', 'application/vnd.mapbox-vector-tile');
    if (passOn && detail.encoding) c.header('Content-Encoding', detail.encoding);
    return c.body(new Uint8Array(body), 200);
  });

  app.all('/tiles/*', () => {
    throw new HttpError(404, 'not-found', 'Not found');
  });

  return app;
}
