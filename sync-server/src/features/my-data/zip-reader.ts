/**
 * Reading an uploaded ZIP from a file by its central directory (APPNOTE 4.3.12–16): every entry's name,
 * method, sizes, CRC and offset, then any entry's bytes read from its offset a chunk at a time. A streaming
 * reader that walks the local headers cannot tell where a streamed entry ends without scanning its data
 * for a signature, which photo bytes may contain; the central directory says it exactly. Entries are
 * inflated as they are read and checked against their CRC. No ZIP64: the export never writes it.
 */
import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { Inflate } from 'fflate';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localOffset: number;
}

export class NotAZipError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_MIN = 22;
/** Read size: a stored photo's chunk; deflated data in smaller ones, as one may inflate a thousandfold. */
const CHUNK = 256 * 1024;
const DEFLATED_CHUNK = 16 * 1024;

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The entries of the ZIP in `fh` (of `size` bytes); NotAZipError when it is not one we can read. */
export async function readEntries(fh: FileHandle, size: number): Promise<ZipEntry[]> {
  if (size < EOCD_MIN) throw new NotAZipError('too short');
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  const tailLength = Math.min(size, EOCD_MIN + 0xffff);
  const tail = await readAt(fh, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--)
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) throw new NotAZipError('no end of central directory');
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new NotAZipError('ZIP64 is not supported');
  if (cdOffset + cdSize > size) throw new NotAZipError('central directory out of range');
  const cd = await readAt(fh, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  for (let p = 0, n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new NotAZipError('bad central directory');
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const nameBytes = cd.subarray(p + 46, p + 46 + nameLength);
    entries.push({
      name: nameBytes.toString(flags & 0x800 ? 'utf8' : 'latin1'),
      method: cd.readUInt16LE(p + 10),
      crc: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's uncompressed bytes, a chunk at a time; throws when they do not match its size or CRC. */
export async function* entryChunks(fh: FileHandle, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: unsupported compression`);
  const header = await readAt(fh, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL)
    throw new Error(`${entry.name}: bad local header`);
  let position = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let left = entry.compressedSize;
  let crc = 0;
  let produced = 0;
  const out: Uint8Array[] = [];
  const inflate = entry.method === 8 ? new Inflate((chunk) => out.push(chunk)) : null;
  while (left > 0) {
    const chunk = await readAt(fh, position, Math.min(inflate ? DEFLATED_CHUNK : CHUNK, left));
    if (chunk.length === 0) throw new Error(`${entry.name}: truncated`);
    position += chunk.length;
    left -= chunk.length;
    if (inflate) inflate.push(chunk, left === 0);
    else out.push(chunk);
    while (out.length > 0) {
      const piece = out.shift() as Uint8Array;
      produced += piece.byteLength;
      if (produced > entry.size) throw new Error(`${entry.name}: larger than declared`);
      crc = crc32(piece, crc);
      yield piece;
    }
  }
  if (inflate && entry.compressedSize === 0) inflate.push(new Uint8Array(0), true);
  if (produced !== entry.size || crc >>> 0 !== entry.crc >>> 0)
    throw new Error(`${entry.name}: damaged (CRC)`);
}

/** The whole entry in memory (a photo, the manifest): refused above `max` bytes. */
export async function entryBytes(fh: FileHandle, entry: ZipEntry, max: number): Promise<Uint8Array> {
  if (entry.size > max) throw new Error(`${entry.name}: too large`);
  const bytes = new Uint8Array(entry.size);
  let offset = 0;
  for await (const chunk of entryChunks(fh, entry)) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The entry's text lines (UTF-8), one at a time; a line longer than `maxLine` is an error. */
export async function* entryLines(fh: FileHandle, entry: ZipEntry, maxLine: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  for await (const chunk of entryChunks(fh, entry)) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    if (rest.length > maxLine) throw new Error(`${entry.name}: a line is too long`);
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}
