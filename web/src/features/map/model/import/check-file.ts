/**
 * An import file's own checks, before a byte is read (docs/map.md "Importing KML, KMZ, KMI and GPX"): its
 * extension and its size (at most 10 MB). Kept apart from ./read so the map page does not load the XML
 * parsers, which only the import worker runs.
 */
import { IMPORT_MAX_BYTES, locationMessages as m } from '@schema/contracts/locations-constants';
import { IMPORT_FILE_EXTENSIONS, importMessages } from './messages';

/** The refusal's message, or null when the file may be read. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return importMessages.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return m.importTooLarge;
  return null;
}
