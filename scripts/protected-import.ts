/**
 * `npm run protected:import -- --source nhle <file.geojson>` — loads a publisher's protected areas into the
 * database the server uses (DB_ENGINE / DATABASE_URL / DATA_DIR, as `npm start` reads them), idempotently:
 * docs/protected-areas.md "Importing". Options:
 *   --source nhle|cadw|hes|sssi|other   which list this is (its coverage and attribution come with it)
 *   --url <FeatureServer query URL>     read the publisher's ArcGIS FeatureServer page by page instead of a file
 *   --bng                               the coordinates are British National Grid (also read from the file's crs)
 *   --fields ref=LISTENTRY,name=NAME    the attribute names, when the publisher renamed them
 * Prints what was added, updated, removed and refused (each refusal names its reference) and the time.
 */
import { performance } from 'node:perf_hooks';
import { PROTECTED_SOURCES, type ProtectedSource } from '../schema/contracts/protected-areas';
import { loadConfig } from '../sync-server/src/lib/config';
import { closeDatabase, databaseConfig, openDatabase } from '../sync-server/src/lib/db';
import type { FieldNames } from '../sync-server/src/features/protected-areas/features';
import {
  featureServerFeatures,
  fileSaysBritishGrid,
  geoJsonFileFeatures,
  importAreas,
} from '../sync-server/src/features/protected-areas/import';

function fail(message: string): never {
  console.error(`protected:import: ${message}`);
  process.exit(2);
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value ?? fail(`${name} needs a value`);
};
const sourceArg = option('--source') ?? fail('--source is required (nhle, cadw, hes, sssi or other)');
if (!(PROTECTED_SOURCES as readonly string[]).includes(sourceArg)) fail(`unknown source ${sourceArg}`);
const source = sourceArg as ProtectedSource;
const url = option('--url');
const fieldsArg = option('--fields');
const bngFlag = args.includes('--bng');
const file = args.find((a) => !a.startsWith('--'));
if (!url && !file) fail('give a GeoJSON file or --url');

const fields: Partial<FieldNames> = {};
for (const pair of fieldsArg?.split(',') ?? []) {
  const [key, name] = pair.split('=');
  if (!name) fail(`--fields: ${pair} is not key=name`);
  const target = { ref: 'reference', name: 'name', date: 'designatedOn', url: 'recordUrl' }[key ?? ''];
  if (!target) fail(`--fields: ${key} is not one of ref, name, date, url`);
  Object.assign(fields, { [target]: [name] });
}

const config = loadConfig(process.env);
// Opening applies any migration still due, as the server's start does.
const db = await openDatabase(databaseConfig(config));
const started = performance.now();
try {
  const features = url ? featureServerFeatures(url) : geoJsonFileFeatures(file ?? '');
  const britishGrid = bngFlag || (file !== undefined && fileSaysBritishGrid(file));
  const counts = await importAreas(db, source, features, { britishGrid, fields });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${source}: ${counts.added} added, ${counts.updated} updated, ${counts.removed} removed, ${counts.refused} refused in ${seconds} s`,
  );
  for (const problem of counts.problems) console.log(`  refused ${problem}`);
} catch (err) {
  console.error(`protected:import: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await closeDatabase(db);
}
