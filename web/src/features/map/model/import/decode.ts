/**
 * An import's bytes as text (docs/map.md "Importing KML, KMZ, KMI and GPX"). XML names its own encoding:
 * a byte-order mark first; else UTF-16 told by its zero bytes (`<` is 3C 00 or 00 3C), with or without a
 * mark; else the encoding its declaration names (`<?xml … encoding="ISO-8859-1"?>`, as older handhelds and
 * Windows tools write); else UTF-8 — and bytes that are not UTF-8 are read as Windows-1252, the encoding
 * such files almost always are in, rather than turned into �.
 */

const BOMS: ReadonlyArray<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function byteOrderMark(bytes: Uint8Array): string | null {
  for (const [mark, encoding] of BOMS) if (mark.every((b, i) => bytes[i] === b)) return encoding;
  return null;
}

/** UTF-16 without a mark: the first character is ASCII (`<` or white space), so one of its bytes is 0. */
function utf16WithoutMark(bytes: Uint8Array): string | null {
  if (bytes.length < 2) return null;
  if (bytes[0] !== 0 && bytes[1] === 0) return 'utf-16le';
  if (bytes[0] === 0 && bytes[1] !== 0) return 'utf-16be';
  return null;
}

/** The `encoding` of the XML declaration, read from the first bytes as ASCII. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 256));
  return /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1] ?? null;
}

/**
 * Windows-1252's characters at 0x80–0x9F (’ “ ” – € …). Node's TextDecoder decodes the label as ISO-8859-1
 * and yields C1 controls there (browsers do not): mapping them back gives the same text everywhere.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const windows1252 = (text: string) =>
  text.replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

export function decodeText(bytes: Uint8Array): string {
  const marked = byteOrderMark(bytes) ?? utf16WithoutMark(bytes);
  if (marked) return new TextDecoder(marked).decode(bytes);
  const declared = declaredEncoding(bytes);
  const decoder = declared ? decoderFor(declared) : null;
  // A declaration of UTF-16 on single-byte text is wrong by construction: the bytes decide.
  if (decoder && decoder.encoding === 'windows-1252') return windows1252(decoder.decode(bytes));
  if (decoder && decoder.encoding !== 'utf-8' && !decoder.encoding.startsWith('utf-16'))
    return decoder.decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(new TextDecoder('windows-1252').decode(bytes));
  }
}
