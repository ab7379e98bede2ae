/**
 * Renders the app icons in public/icons, and public/favicon.ico, from one SVG drawing (the same mark as
 * web/src/app/layout/logo.tsx).
 * Run: npx tsx scripts/make-icons.ts — the files are committed, so this only runs when the logo changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const FAVICON_ICO = fileURLToPath(new URL('../public/favicon.ico', import.meta.url));
const WARM = '#fef3c7';

/** The mark alone, drawn on a 64×64 grid. */
const MARK = `
  <circle cx="45" cy="45" r="11" fill="#d97706"/>
  <circle cx="45" cy="45" r="8" fill="#fbbf24"/>
  <circle cx="45" cy="45" r="4" fill="none" stroke="#b45309" stroke-width="1.6"/>
  <g transform="rotate(32 32 32)">
    <rect x="25" y="5" width="14" height="5" rx="2.5" fill="#3f6212"/>
    <rect x="29.5" y="7" width="5" height="28" rx="2" fill="#3f6212"/>
    <path d="M22 33h20v9c0 7-4.5 12-10 14-5.5-2-10-7-10-14z" fill="#4d7c0f"/>
    <path d="M26 37v5c0 3.5 2 6.5 5 8" stroke="#a3e635" stroke-width="1.6" fill="none" stroke-linecap="round" opacity=".6"/>
  </g>`;

/**
 * @param radius corner radius of the warm tile (0 = full bleed, for maskable and Apple icons)
 * @param scale  how much of the tile the mark fills (maskable icons keep it inside the 80% safe zone)
 */
function svg(radius: number, scale: number): string {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${radius}" fill="${WARM}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g>
</svg>`;
}

function render(source: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(source), { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function png(name: string, source: string, size: number): Promise<void> {
  await writeFile(`${OUT}${name}`, await render(source, size));
  console.log(`wrote public/icons/${name} (${size}×${size})`);
}

/**
 * `/favicon.ico`, which browsers and other clients ask for without reading the page: an ICO file whose
 * images are PNGs (allowed since Windows Vista, read by every current browser). Layout: a 6-byte header
 * (reserved 0, type 1 = icon, image count), a 16-byte directory entry per image (width and height, 0
 * meaning 256; no palette; 1 plane; 32 bits per pixel; byte length; offset), then the PNGs.
 */
async function ico(source: string, sizes: number[]): Promise<void> {
  const images = await Promise.all(sizes.map((size) => render(source, size)));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    const size = sizes[i] ?? 0;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  await writeFile(FAVICON_ICO, Buffer.concat([header, ...images]));
  console.log(`wrote public/favicon.ico (${sizes.map((s) => `${s}×${s}`).join(', ')})`);
}

await mkdir(OUT, { recursive: true });
const tile = svg(14, 1);
await writeFile(`${OUT}favicon.svg`, tile);
console.log('wrote public/icons/favicon.svg');
await png('favicon-32.png', tile, 32);
await ico(tile, [16, 32, 48]);
await png('icon-192.png', tile, 192);
await png('icon-512.png', tile, 512);
// Maskable: the launcher may crop to a circle of 80% diameter; the mark's corners sit inside it at 0.7.
await png('icon-maskable-512.png', svg(0, 0.7), 512);
// iOS adds its own rounded corners and ignores transparency, so the tile is full-bleed.
await png('apple-touch-icon.png', svg(0, 0.86), 180);
