/**
 * The text of an import (docs/map.md "Importing KML, KMZ, KMI and GPX"; issue 24, items 11 and 12): the
 * encoding the XML declaration names, or UTF-16 without a byte-order mark; KML descriptions read as HTML
 * by a real tokenizer — a `<` that starts no tag stays, entities such as `&pound;` are decoded — in time
 * that grows linearly with hostile input.
 */
import { readFileSync } from 'node:fs';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './html-text';
import { parseFileBytes, type ParseOutcome } from './read';

const fixture = (path: string) => {
  const bytes = readFileSync(new URL(`./fixtures/corpus/${path}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
};
const items = (outcome: ParseOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.parsed.items.map((i) => [i.name, i.description]);
};

describe('encodings', () => {
  it('reads ISO-8859-1 as its declaration says: é and £ intact', () => {
    expect(items(parseFileBytes(fixture('hostile/iso-8859-1.gpx')))).toEqual([
      ['Église Saint-Julien', 'Pièces trouvées près du mur, £5 le parking'],
      ['Café à côté', null],
    ]);
  });

  it('reads Windows-1252: ’ “ ” – € intact', () => {
    expect(items(parseFileBytes(fixture('hostile/windows-1252.kml')))).toEqual([
      ['Farmer’s top field', '“Stubble” – ask first; fee €10 or £8'],
      ['Crème brûlée meadow', null],
    ]);
  });

  it('reads UTF-16 without a byte-order mark, little- and big-endian', () => {
    const bytes = new Uint8Array(fixture('hostile/utf-16le-no-bom.gpx'));
    expect(items(parseFileBytes(bytes.slice().buffer))).toEqual([['Jórvík ford', 'Viking-age strap end']]);
    const bigEndian = bytes.slice();
    for (let i = 0; i + 1 < bigEndian.length; i += 2)
      [bigEndian[i], bigEndian[i + 1]] = [bigEndian[i + 1] ?? 0, bigEndian[i] ?? 0];
    expect(items(parseFileBytes(bigEndian.buffer))).toEqual([['Jórvík ford', 'Viking-age strap end']]);
  });

  it('bytes that are not UTF-8, in a file that declares nothing, are read as Windows-1252, not as �', () => {
    const gpx = `<gpx><wpt lat="51" lon="0"><name>Caf\u00e9 field</name></wpt></gpx>`;
    const latin1 = Uint8Array.from(gpx, (c) => c.charCodeAt(0));
    expect(items(parseFileBytes(latin1.buffer))).toEqual([['Café field', null]]);
  });
});

describe('descriptions', () => {
  it('keeps text after a < that starts no tag, and decodes HTML entities', () => {
    expect(items(parseFileBytes(fixture('hostile/description-text.kml')))).toEqual([
      ['Stream bed', 'depth <6in, coins >1800'],
      ['Priced field', 'Fee £10 & tea\nClosed Sundays'],
    ]);
  });

  it('HTML: line breaks and blocks kept, scripts and styles dropped, words in brackets that are no HTML kept', () => {
    expect(htmlToText('<div>Top<br>field</div><p>Ask <b>first</b></p><script>x()</script>')).toBe(
      'Top\nfield\nAsk first',
    );
    expect(htmlToText('Parking £5 <all day>, gate &lt;locked&gt; &#x2014; &copy;')).toBe(
      'Parking £5 <all day>, gate <locked> — ©',
    );
  });

  it('textToHtml is read back exactly, whatever the spacing', () => {
    for (const text of ['  two  spaces\n\n\nthree breaks\ttab <b>not bold</b> & ', 'a\r\nb', 'plain'])
      expect(htmlToText(textToHtml(text))).toBe(text);
  });

  it('a hostile description (a megabyte of unclosed tags and entities) is read in one pass', () => {
    const hostile = `${'<a'.repeat(250_000)} &${'a'.repeat(250_000)} ${'<'.repeat(250_000)}`;
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Hostile</name><description><![CDATA[${hostile}]]></description><Point><coordinates>1,52</coordinates></Point></Placemark></kml>`;
    const outcome = parseFileBytes(strToU8(kml).buffer);
    expect(outcome.ok && outcome.parsed.items.map((i) => i.name)).toEqual(['Hostile']);
  });
});
