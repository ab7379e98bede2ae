/**
 * Protected areas REST (docs/protected-areas.md; docs/api.md), mounted under /api, open to anyone:
 *   GET /protected-areas?bbox=minLng,minLat,maxLng,maxLat  &limit= &cursor=   the areas meeting a box, by id
 *   GET /protected-areas/check?lat=&lng=&accuracy=                           inside / near / clear / no-data
 *   GET /protected-areas/sources                                             what is imported, with attributions
 * The box is at most half a degree each way (a county at a time): the device asks for what lies around its
 * spots, never the whole country in one answer.
 */
import { Hono, type Context } from 'hono';
import { PROTECTED_SOURCE_INFO, type BBox } from '@schema/contracts/protected-areas';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { badRequest } from '../../lib/errors';
import { readIdPage, sendPage } from '../../lib/paging';
import { areasInBox, checkAt, importedSources } from './service';

export const MAX_BOX_DEGREES = 0.5;
const AREAS_PAGE_SIZE = 100;
/** No phone reports worse than this and still means a place. */
const MAX_ACCURACY_M = 10_000;

export const protectedAreaMessages = {
  bbox: 'bbox must be minLng,minLat,maxLng,maxLat in degrees, west to east and south to north',
  bboxTooLarge: `bbox may span at most ${MAX_BOX_DEGREES}° each way`,
  position: 'lat and lng must be a position in degrees',
  accuracy: `accuracy must be 0 to ${MAX_ACCURACY_M.toLocaleString('en-GB')} metres`,
} as const;

function readBox(c: Context): BBox {
  const parts = (c.req.query('bbox') ?? '')
    .split(',')
    .map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [west = NaN, south = NaN, east = NaN, north = NaN] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    west >= -180 &&
    east <= 180 &&
    south >= -90 &&
    north <= 90 &&
    west <= east &&
    south <= north;
  if (!valid) throw badRequest(protectedAreaMessages.bbox);
  if (east - west > MAX_BOX_DEGREES || north - south > MAX_BOX_DEGREES)
    throw badRequest(protectedAreaMessages.bboxTooLarge);
  return [west, south, east, north];
}

function readNumber(c: Context, name: string): number {
  const raw = c.req.query(name);
  return raw === undefined || raw.trim() === '' ? NaN : Number(raw);
}

export function protectedAreasRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/protected-areas', async (c) => {
    const bbox = readBox(c);
    const { limit, cursor } = readIdPage(c, AREAS_PAGE_SIZE);
    const { areas } = await areasInBox(db, bbox, { after: cursor, limit });
    return c.json(sendPage(c, areas, limit, (area) => area.id));
  });

  // What has been imported, with the attribution each source's licence asks the map to show.
  app.get('/protected-areas/sources', async (c) => {
    const sources = await importedSources(db);
    return c.json(
      sources.map(({ source, attribution }) => ({
        source,
        attribution,
        nations: PROTECTED_SOURCE_INFO[source].nations,
      })),
    );
  });

  app.get('/protected-areas/check', async (c) => {
    const latitude = readNumber(c, 'lat');
    const longitude = readNumber(c, 'lng');
    const rawAccuracy = c.req.query('accuracy');
    const accuracy = rawAccuracy === undefined || rawAccuracy === '' ? 0 : Number(rawAccuracy);
    if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
      throw badRequest(protectedAreaMessages.position);
    if (!(accuracy >= 0 && accuracy <= MAX_ACCURACY_M)) throw badRequest(protectedAreaMessages.accuracy);
    return c.json(await checkAt(db, { latitude, longitude }, accuracy));
  });

  return app;
}
