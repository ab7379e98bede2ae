/**
 * Reading an FLO pack back in tests: the labels' QR codes are scanned from the SVG the sheet holds — its
 * path drawn into pixels with a quiet zone, then decoded with `jsqr` — so a test proves what a phone would
 * read, not what the code meant to write.
 */
import jsQR from 'jsqr';

/** The dark modules of a `qrcode` SVG: its path is rows of `M x y` / `m dx 0` moves and `h n` runs. */
function modulesOf(svg: string): { size: number; dark: boolean[][] } {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path[^>]*stroke="#000000"[^>]*d="([^"]+)"/.exec(svg);
  if (!viewBox || !path?.[1]) throw new Error('not a qrcode SVG');
  const size = Number(viewBox[1]);
  const dark = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  let x = 0;
  let y = 0;
  for (const [, command, args] of path[1].matchAll(/([MmHh])([^MmHh]*)/g)) {
    const numbers = (args ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [a = 0, b = 0] = numbers;
    if (command === 'M') [x, y] = [a, b];
    else if (command === 'm') [x, y] = [x + a, y + b];
    else if (command === 'h') {
      const row = dark[Math.floor(y)];
      if (!row) throw new Error(`row ${y} outside the code`);
      for (let col = x; col < x + a; col++) row[col] = true;
      x += a;
    } else throw new Error(`unexpected path command ${command}`);
  }
  return { size, dark };
}

/** Decodes the QR code drawn by a `qrcode` SVG; null when it does not scan. */
export function scanQrSvg(svg: string, scale = 4, quietZone = 4): string | null {
  const { size, dark } = modulesOf(svg);
  const width = (size + 2 * quietZone) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!dark[row]?.[col]) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((row + quietZone) * scale + dy) * width + (col + quietZone) * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
    }
  return jsQR(pixels, width, width)?.data ?? null;
}

/** The `<svg>…</svg>` elements of a page, in order. */
export function svgsOf(html: string): string[] {
  return [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
}
