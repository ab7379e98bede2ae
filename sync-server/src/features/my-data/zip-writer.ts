/**
 * A ZIP written to a file as it is made (fflate's streaming Zip): text entries deflated, photos stored as
 * they are (ZipPassThrough: already compressed, and byte-identical by construction). fflate has no
 * backpressure of its own, so every push waits for the file to drain before the next: at most one chunk
 * of one entry is in memory, whatever the archive's size. Entries are written one after another — fflate
 * would hold a second open entry's data in memory until the first ends — so callers finish each entry
 * before starting the next.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

/** Without ZIP64 (fflate writes none) offsets and sizes are 32-bit: an archive stays under 4 GiB. */
export const ZIP_MAX_BYTES = 0xffff_ffff;
/** Room kept for the central directory and the entries still to come after the photos. */
const ZIP_RESERVE = 64 * 1024 * 1024;

export interface TextEntry {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

export class ZipFileWriter {
  private readonly out: fs.WriteStream;
  private readonly zip: Zip;
  private failure: Error | null = null;
  /** Bytes of archive produced so far. */
  written = 0;

  constructor(file: string) {
    this.out = fs.createWriteStream(file);
    this.out.on('error', (err) => (this.failure ??= err));
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure ??= err;
        return;
      }
      this.written += chunk.byteLength;
      this.out.write(chunk);
      if (final) this.out.end();
    });
  }

  private async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    if (this.failure) throw this.failure;
  }

  /** A deflated text entry, written piece by piece. */
  text(name: string): TextEntry {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    return {
      write: async (text) => {
        if (text.length === 0) return;
        entry.push(strToU8(text));
        await this.drained();
      },
      end: async () => {
        entry.push(new Uint8Array(0), true);
        await this.drained();
      },
    };
  }

  /** A whole text file in one go (small files: README, manifest, profile). */
  async file(name: string, text: string): Promise<void> {
    const entry = this.text(name);
    await entry.write(text);
    await entry.end();
  }

  /** Whether `length` more stored bytes still fit the 32-bit archive. */
  fits(length: number): boolean {
    return this.written + length + ZIP_RESERVE < ZIP_MAX_BYTES;
  }

  /** A stored (uncompressed) entry from bytes or a stream of them. */
  async stored(name: string, body: Uint8Array | ReadableStream<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    // Not `instanceof Uint8Array`: a Buffer made in another realm (a jsdom test) is bytes all the same.
    if (!('getReader' in body)) {
      entry.push(body, true);
      await this.drained();
      return;
    }
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
      await this.drained();
    }
    entry.push(new Uint8Array(0), true);
    await this.drained();
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    this.zip.end();
    await finished(this.out);
    if (this.failure) throw this.failure;
  }

  /** Gives up: closes the file (the caller removes it). */
  async abort(): Promise<void> {
    this.zip.terminate();
    this.out.destroy();
    await finished(this.out).catch(() => {});
  }
}
