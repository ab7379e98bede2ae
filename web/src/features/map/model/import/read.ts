/**
 * An import file's bytes to its spots (docs/map.md "Importing KML, KMZ, KMI and GPX"): the unpacking and
 * parsing the worker runs (the checks made before reading are in ./check-file, which the page loads without
 * the parsers). Every refusal carries the message the member reads.
 */
import { locationMessages as m } from '@schema/contracts/locations-constants';
import { parseImport, type ParsedImport } from './parse';
import { ImportError, unpackImport } from './unpack';

export type ParseOutcome = { ok: true; parsed: ParsedImport; ms: number } | { ok: false; message: string };

/** The file's spots; its name makes the names of points that have none ("Field walk 12"). */
export function parseFileBytes(bytes: ArrayBuffer, fileName?: string): ParseOutcome {
  const started = performance.now();
  try {
    const parsed = parseImport(unpackImport(new Uint8Array(bytes)), fileName);
    return { ok: true, parsed, ms: performance.now() - started };
  } catch (err) {
    return { ok: false, message: err instanceof ImportError ? err.message : m.importInvalidXml };
  }
}
