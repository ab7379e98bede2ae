/**
 * The first, format-blind step of an import (docs/map.md "Importing KML, KMZ, KMI and GPX"): a KMZ is
 * unzipped — told apart by its bytes, not its name — and the text is checked before any XML parser sees it.
 *
 * Safety: a document whose DOCTYPE declares an ENTITY is refused (entity expansion, external entities) —
 * a real declaration, not the same letters inside CDATA or a comment; a KMZ's KML is inflated in small
 * steps while the bytes produced are counted, and stops at the cap — the archive's own size fields are never
 * trusted, and its other files (pictures) are never inflated at all. A KML stored with a compression other
 * than Deflate (bzip2, which some zip tools offer) gets a message saying so.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { IMPORT_MAX_UNZIPPED_BYTES, locationMessages } from '@schema/contracts/locations-constants';
import { decodeText } from './decode';
import { importMessages } from './messages';

/** A refusal with the message the member reads (docs/product/map.md "Rules and messages"). */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly title = 'Import Failed',
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** Compressed bytes handed to the inflater at a time: one step can produce at most ~1,000× as much. */
const STEP = 8 * 1024;

/**
 * The KML inside a KMZ: `doc.kml` by convention, else the first `.kml` at the shallowest level. Inflation
 * stops as soon as more than `cap` bytes have come out.
 */
export function unzipKml(bytes: Uint8Array, cap = IMPORT_MAX_UNZIPPED_BYTES): Uint8Array {
  const found: Array<{ name: string; chunks: Uint8Array[]; done: boolean }> = [];
  let produced = 0;
  let overCap = false;
  let unsupported = false;
  const unzip = new Unzip((file) => {
    if (!/\.kml$/i.test(file.name) || overCap) return;
    // 0 is stored, 8 Deflate: anything else (12 is bzip2) fflate cannot inflate.
    if (file.compression !== 0 && file.compression !== 8) {
      unsupported = true;
      return;
    }
    const entry = { name: file.name, chunks: [] as Uint8Array[], done: false };
    found.push(entry);
    file.ondata = (err, chunk, final) => {
      if (err) throw new ImportError(locationMessages.importInvalidXml);
      produced += chunk.length;
      if (produced > cap) {
        overCap = true;
        file.terminate();
        return;
      }
      entry.chunks.push(chunk);
      if (final) entry.done = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !overCap; offset += STEP) {
      const end = Math.min(offset + STEP, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (err) {
    if (err instanceof ImportError) throw err;
    throw new ImportError(locationMessages.importInvalidXml);
  }
  if (overCap) throw new ImportError(locationMessages.importUnzippedTooLarge);
  const complete = found.filter((f) => f.done);
  const depth = (name: string) => name.split('/').length;
  const chosen =
    complete.find((f) => /(^|\/)doc\.kml$/i.test(f.name)) ??
    [...complete].sort((a, b) => depth(a.name) - depth(b.name))[0];
  if (!chosen)
    throw new ImportError(unsupported ? importMessages.kmzCompression : locationMessages.importNoKml);
  const out = new Uint8Array(chosen.chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chosen.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * An ENTITY declaration: `<!ENTITY` anywhere but inside CDATA sections and comments, where it is only text.
 * In a well-formed document nothing else can hold it, so this needs no parser (and runs before one).
 */
export function assertNoEntities(text: string): void {
  for (let at = 0; ;) {
    const open = text.indexOf('<!', at);
    if (open < 0) return;
    const closer = text.startsWith('<![CDATA[', open) ? ']]>' : text.startsWith('<!--', open) ? '-->' : null;
    if (closer) {
      const end = text.indexOf(closer, open + 4);
      // Unterminated, the rest is read as if it were not there: the parser refuses the file anyway.
      at = end < 0 ? open + 2 : end + closer.length;
    } else {
      if (text.slice(open + 2, open + 8).toUpperCase() === 'ENTITY')
        throw new ImportError(locationMessages.importUnsafe);
      at = open + 2;
    }
  }
}

/** The file's text, unzipped when it is a KMZ (checked by the XML step: assertNoEntities). */
export function unpackImport(bytes: Uint8Array): string {
  return decodeText(isZip(bytes) ? unzipKml(bytes) : bytes);
}
