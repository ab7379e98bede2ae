/**
 * Renders the app icons in public/icons from one SVG drawing (the same mark as web/src/app/layout/logo.tsx).
 * Run: npx tsx scripts/make-icons.ts — the PNGs are committed, so this only runs when the logo changes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
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

async function png(name: string, source: string, size: number): Promise<void> {
  await sharp(Buffer.from(source), { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${OUT}${name}`);
  console.log(`wrote public/icons/${name} (${size}×${size})`);
}

await mkdir(OUT, { recursive: true });
const tile = svg(14, 1);
await writeFile(`${OUT}favicon.svg`, tile);
console.log('wrote public/icons/favicon.svg');
await png('favicon-32.png', tile, 32);
await png('icon-192.png', tile, 192);
await png('icon-512.png', tile, 512);
// Maskable: the launcher may crop to a circle of 80% diameter; the mark's corners sit inside it at 0.7.
await png('icon-maskable-512.png', svg(0, 0.7), 512);
// iOS adds its own rounded corners and ignores transparency, so the tile is full-bleed.
await png('apple-touch-icon.png', svg(0, 0.86), 180);
