/**
 * An import file from its name and size to its spots (docs/map.md "Importing KML, KMZ, KMI and GPX"): the
 * checks made before reading (extension, at most 10 MB), and the unpacking and parsing the worker runs.
 * Every refusal carries the message the member reads.
 */
import { IMPORT_MAX_BYTES, locationMessages as m } from '@schema/contracts/locations-constants';
import { IMPORT_FILE_EXTENSIONS, importMessages } from './messages';
import { parseImport, type ParsedImport } from './parse';
import { ImportError, unpackImport } from './unpack';

export type ParseOutcome = { ok: true; parsed: ParsedImport; ms: number } | { ok: false; message: string };

/** The file's own checks, before a byte is read: its extension and its size. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return importMessages.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return m.importTooLarge;
  return null;
}

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
