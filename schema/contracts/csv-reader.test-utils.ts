/**
 * A strict RFC 4180 reader for tests (no CSV library is installed): it refuses a bare LF between records,
 * a CR without LF, a quote inside an unquoted cell, text after a closing quote and a last record without
 * its CRLF, so output that only a lenient reader would accept fails the test.
 */
/** RFC 4180 records: CRLF between records, "" for a quote inside a quoted cell, anything inside quotes. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      if (cell !== '') throw new Error(`quote inside an unquoted cell at ${i}`);
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted cell');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r')
        throw new Error(`text after a closing quote at ${i}`);
      continue;
    }
    if (c === ',') {
      record.push(cell);
      cell = '';
      i++;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 2;
    } else if (c === '\n') {
      throw new Error(`bare LF outside quotes at ${i}`);
    } else {
      cell += c;
      i++;
    }
  }
  if (cell !== '' || record.length) throw new Error('the last record has no CRLF');
  return records;
}
