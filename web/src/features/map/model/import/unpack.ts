/**
 * The first, format-blind step of an import (docs/map.md "Importing KML, KMZ, KMI and GPX"): a KMZ is
 * unzipped — told apart by its bytes, not its name — and the text is checked before any XML parser sees it.
 *
 * Safety: a document whose DOCTYPE declares an ENTITY is refused (entity expansion, external entities);
 * a KMZ's KML is inflated in small steps while the bytes produced are counted, and stops at the cap — the
 * archive's own size fields are never trusted, and its other files (pictures) are never inflated at all.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { IMPORT_MAX_UNZIPPED_BYTES, locationMessages } from '@schema/contracts/locations-constants';

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
  const unzip = new Unzip((file) => {
    if (!/\.kml$/i.test(file.name) || overCap) return;
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
  if (!chosen) throw new ImportError(locationMessages.importNoKml);
  const out = new Uint8Array(chosen.chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chosen.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The document's text: UTF-8 (with or without its byte-order mark), or UTF-16 when it starts with one. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** An ENTITY declaration anywhere (internal subset of a DOCTYPE): refused before parsing. */
export function assertNoEntities(text: string): void {
  if (/<!ENTITY/i.test(text)) throw new ImportError(locationMessages.importUnsafe);
}

/** The file's text, unzipped when it is a KMZ, and checked. */
export function unpackImport(bytes: Uint8Array): string {
  const text = decodeText(isZip(bytes) ? unzipKml(bytes) : bytes);
  assertNoEntities(text);
  return text;
}
