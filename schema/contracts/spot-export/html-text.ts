/**
 * Writing a spot's description as KML's HTML (docs/map.md "Export"): `textToHtml` writes plain text so that
 * the map import's `htmlToText` (web/src/features/map/model/import/html-text.ts) gives it back exactly.
 * Pure, without the HTML tokenizer the reading side needs, so the server writes the same files.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * Plain text as HTML that `htmlToText` reads back unchanged: markup characters escaped, each line break a
 * `<br>`, and any white space HTML would collapse (a leading, trailing or repeated space, a tab) written as
 * a character reference.
 */
export function textToHtml(text: string): string {
  const lines = text.split('\n').map((line) =>
    line
      .replace(/[&<>]/g, (c) => HTML_ESCAPES[c] ?? c)
      .replace(/[\t\r\f]/g, (c) => `&#${c.charCodeAt(0)};`)
      .replace(/ +/g, (run, at: number, whole: string) =>
        run.length === 1 && at > 0 && at + 1 < whole.length ? ' ' : '&#32;'.repeat(run.length),
      ),
  );
  return lines.join('<br>');
}
