/**
 * Makes the bundled images from SVG with sharp, so nothing is fetched from a stock-photo host
 * (docs/decisions/0004-self-hosted-avatars.md) and every picture can be regenerated from source:
 *
 *   public/images/find-fallback.jpg   shown when a find's photo cannot load (800×600)
 *   public/images/hero.jpg            the home page hero, a field at dusk (1600×700)
 *   sync-server/src/seed/demo-data/*.jpg   photo-like finds for `npm run seed:demo` (1000×750)
 *
 * Run: `npx tsx sync-server/src/seed/make-images.ts [name …]` (all images, or those whose file names
 * contain one of the words). The outputs are committed; this only needs
 * re-running when the artwork changes. Text is rendered with the system's fonts (DejaVu/Liberation).
 * Output is deterministic: every random detail comes from a seeded generator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const publicImages = path.join(root, 'public/images');
const demoData = path.join(here, 'demo-data');

// ─── helpers ────────────────────────────────────────────────────────────────────────────────────────

/** mulberry32: small, fast, seeded; the same seed draws the same scene. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof rng>;

const f = (n: number) => Number(n.toFixed(1));

/** A closed, slightly wobbly circle: hammered coins and worn edges are never round. */
function wobblyCircle(r: number, wobble: number, random: Rng, points = 48): string {
  const pts: string[] = [];
  const phase = random.range(0, Math.PI * 2);
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const rr =
      r *
      (1 +
        wobble * (0.6 * Math.sin(a * 3 + phase) + 0.4 * Math.sin(a * 5 + phase * 2)) +
        random.range(-wobble, wobble) * 0.3);
    pts.push(`${f(Math.cos(a) * rr)},${f(Math.sin(a) * rr)}`);
  }
  return `M${pts.join(' L')} Z`;
}

/** Letters set one by one around a circle (clockwise from `start` degrees), like a coin legend. */
function legend(text: string, radius: number, size: number, fill: string, start = -150, span = 300): string {
  const chars = [...text];
  const step = span / Math.max(chars.length - 1, 1);
  return chars
    .map((ch, i) => {
      if (ch === ' ') return '';
      const deg = start + i * step;
      const a = (deg * Math.PI) / 180;
      const x = Math.cos(a) * radius;
      const y = Math.sin(a) * radius;
      return `<text x="${f(x)}" y="${f(y)}" transform="rotate(${f(deg + 90)} ${f(x)} ${f(y)})" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="${size}" text-anchor="middle" dominant-baseline="middle" fill="${fill}">${ch}</text>`;
    })
    .join('');
}

/** A ring of small pellets (the beaded border of many coins). */
function beads(radius: number, count: number, r: number, fill: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    out += `<circle cx="${f(Math.cos(a) * radius)}" cy="${f(Math.sin(a) * radius)}" r="${r}" fill="${fill}"/>`;
  }
  return out;
}

interface Metal {
  light: string;
  mid: string;
  dark: string;
  /** Corrosion or toning blotches. */
  spots: string[];
}

const METALS = {
  silver: { light: '#f3f1ea', mid: '#b5b1a6', dark: '#5f5b52', spots: ['#7d6f58', '#4d4a44', '#9a8c6e'] },
  gold: { light: '#fff4b8', mid: '#deab35', dark: '#7e5a10', spots: ['#b88a22', '#a3761a'] },
  copper: { light: '#d9a27a', mid: '#8d4d2c', dark: '#3a1d10', spots: ['#2a1a10', '#5e3a22', '#6f5a3a'] },
  bronze: { light: '#c2a06a', mid: '#76582f', dark: '#33261a', spots: ['#5e7f5c', '#4b6a4c', '#3b2e20'] },
  patina: { light: '#8fb596', mid: '#5f8a6c', dark: '#28402f', spots: ['#6b5236', '#8a6a44', '#3c5a44'] },
  gilt: { light: '#ffe9a0', mid: '#c8962e', dark: '#6b4a12', spots: ['#7b6a3a', '#5f7a5a', '#8a5a2a'] },
  lead: { light: '#d8d8d2', mid: '#8e8f8a', dark: '#4a4b48', spots: ['#f2f1ea', '#e6e4da', '#6d6e69'] },
} as const satisfies Record<string, Metal>;

/** Gradients and filters every object uses; ids are prefixed so several objects can share a scene. */
function metalDefs(id: string, m: Metal): string {
  return `
    <radialGradient id="${id}-body" cx="0.38" cy="0.34" r="0.75">
      <stop offset="0" stop-color="${m.light}"/>
      <stop offset="0.45" stop-color="${m.mid}"/>
      <stop offset="1" stop-color="${m.dark}"/>
    </radialGradient>
    <linearGradient id="${id}-lin" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${m.light}"/>
      <stop offset="0.5" stop-color="${m.mid}"/>
      <stop offset="1" stop-color="${m.dark}"/>
    </linearGradient>
    <filter id="${id}-relief" x="-10%" y="-10%" width="120%" height="120%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="2.2" result="blur"/>
      <feSpecularLighting in="blur" surfaceScale="4" specularConstant="0.7" specularExponent="26" lighting-color="#ffffff" result="spec">
        <feDistantLight azimuth="225" elevation="38"/>
      </feSpecularLighting>
      <feComposite in="spec" in2="SourceAlpha" operator="in" result="specIn"/>
      <feOffset in="SourceAlpha" dx="2" dy="3" result="off"/>
      <feGaussianBlur in="off" stdDeviation="1.5" result="offBlur"/>
      <feComposite in="offBlur" in2="SourceAlpha" operator="out" result="shade"/>
      <feColorMatrix in="shade" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.55 0" result="shadeDark"/>
      <feMerge><feMergeNode in="shadeDark"/><feMergeNode in="SourceGraphic"/><feMergeNode in="specIn"/></feMerge>
    </filter>
    <filter id="${id}-soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="${id}-crust" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.045" numOctaves="4" seed="${id.length * 7}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 ${hexUnit(m.spots[0] ?? m.dark, 0)}  0 0 0 0 ${hexUnit(m.spots[0] ?? m.dark, 1)}  0 0 0 0 ${hexUnit(m.spots[0] ?? m.dark, 2)}  2.4 0 0 0 -1.25"/>
    </filter>`;
}

function hexUnit(hex: string, channel: 0 | 1 | 2): string {
  return (parseInt(hex.slice(1 + channel * 2, 3 + channel * 2), 16) / 255).toFixed(3);
}

/** Corrosion and dirt on an object: blurred blotches plus a turbulence crust, clipped to its outline. */
function weathering(
  id: string,
  outline: string,
  m: Metal,
  random: Rng,
  size: number,
  amount: number,
): string {
  let blots = '';
  for (let i = 0; i < Math.round(14 * amount); i++) {
    const r = random.range(size * 0.04, size * 0.16);
    blots += `<ellipse cx="${f(random.range(-size, size))}" cy="${f(random.range(-size, size))}" rx="${f(r)}" ry="${f(r * random.range(0.5, 1))}" fill="${random.pick(m.spots)}" opacity="${f(random.range(0.25, 0.6) * amount)}"/>`;
  }
  return `
    <clipPath id="${id}-clip"><path d="${outline}"/></clipPath>
    <g clip-path="url(#${id}-clip)">
      <g filter="url(#${id}-soft)">${blots}</g>
      <rect x="${-size * 1.2}" y="${-size * 1.2}" width="${size * 2.4}" height="${size * 2.4}" filter="url(#${id}-crust)" opacity="${f(0.55 * amount)}"/>
    </g>`;
}

/** The soft sheen of a curved metal surface, top-left. */
const sheen = (rx: number, ry: number, id: string) =>
  `<ellipse cx="${f(-rx * 0.35)}" cy="${f(-ry * 0.4)}" rx="${f(rx * 0.45)}" ry="${f(ry * 0.3)}" fill="#ffffff" opacity="0.22" filter="url(#${id}-soft)"/>`;

// ─── coins ──────────────────────────────────────────────────────────────────────────────────────────

/** A right-facing bust in a 200-unit box centred on 0,0. */
const BUST =
  'M-38,-72 C-8,-98 42,-88 56,-56 L61,-36 L74,-17 L61,-12 L63,-1 L56,5 L61,15 C52,30 38,33 29,36 L31,58 L62,96 L-62,96 L-38,58 C-62,30 -72,-12 -60,-42 C-55,-56 -47,-66 -38,-72 Z';
/** Engraved details of the bust: eye, ear, hair curls and drapery folds (strokes, no fill). */
const BUST_DETAIL =
  '<g fill="none" stroke-opacity="0.55" stroke-width="3.5" stroke-linecap="round">' +
  '<path d="M38,-31 C44,-35 50,-34 53,-30 C48,-27 43,-27 38,-31 Z"/><path d="M34,-42 C42,-47 52,-46 58,-40"/>' +
  '<path d="M-8,-28 C-16,-24 -16,-6 -8,-2 C-2,-8 -2,-22 -8,-28 Z"/>' +
  '<path d="M-30,-55 q8,-10 16,0 M-8,-62 q8,-10 16,0 M14,-60 q8,-10 16,0 M-40,-35 q8,-10 16,0 M-22,-42 q8,-10 16,0 M-45,-12 q8,-10 16,0 M-30,8 q8,-10 16,0"/>' +
  '<path d="M-40,70 C-10,62 20,64 45,80 M-30,84 C0,76 25,80 50,92 M29,40 C20,50 10,55 -5,58"/></g>';
const LAUREL = Array.from({ length: 9 }, (_, i) => {
  const a = (-160 + i * 16) * (Math.PI / 180);
  const x = Math.cos(a) * 70 - 4;
  const y = Math.sin(a) * 70 - 8;
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="13" ry="5" transform="rotate(${f((a * 180) / Math.PI + 60)} ${f(x)} ${f(y)})"/>`;
}).join('');

interface CoinSpec {
  id: string;
  metal: Metal;
  radius: number;
  /** 0 for a milled coin, 0.02–0.06 for hammered flans. */
  wobble: number;
  legendText?: string;
  /** The design, drawn in a 200-unit box and scaled to the coin. */
  device: string;
  deviceScale?: number;
  wear: number;
  beaded?: boolean;
  rotate?: number;
  seed: number;
}

function coin(spec: CoinSpec): { defs: string; body: string } {
  const random = rng(spec.seed);
  const r = spec.radius;
  const outline = spec.wobble
    ? wobblyCircle(r, spec.wobble, random)
    : `M${-r},0 A${r},${r} 0 1,0 ${r},0 A${r},${r} 0 1,0 ${-r},0 Z`;
  const ink = spec.metal.dark;
  const scale = (r / 100) * (spec.deviceScale ?? 0.62);
  const body = `
    <g transform="rotate(${spec.rotate ?? 0})">
      <path d="${outline}" fill="url(#${spec.id}-body)" stroke="${spec.metal.dark}" stroke-width="3" stroke-opacity="0.6"/>
      <circle r="${f(r * 0.93)}" fill="none" stroke="${spec.metal.dark}" stroke-opacity="0.35" stroke-width="${f(r * 0.025)}"/>
      ${spec.beaded ? `<g filter="url(#${spec.id}-relief)">${beads(r * 0.88, 64, r * 0.018, spec.metal.mid)}</g>` : ''}
      ${spec.legendText ? `<g filter="url(#${spec.id}-relief)" opacity="0.85">${legend(spec.legendText, r * 0.76, r * 0.13, spec.metal.mid)}</g>` : ''}
      <g filter="url(#${spec.id}-relief)" opacity="0.9"><g transform="scale(${f(scale * 100) / 100})" color="${spec.metal.mid}" fill="${spec.metal.mid}" stroke="${ink}" stroke-opacity="0.25" stroke-width="2">${spec.device}</g></g>
      ${weathering(spec.id, outline, spec.metal, random, r, spec.wear)}
      ${sheen(r, r, spec.id)}
    </g>`;
  return { defs: metalDefs(spec.id, spec.metal), body };
}

// ─── other objects ──────────────────────────────────────────────────────────────────────────────────

function saxonBrooch(id: string, seed: number) {
  const m = METALS.gilt;
  const random = rng(seed);
  const r = 210;
  const outline = wobblyCircle(r, 0.012, random);
  let cells = '';
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI * 2 + Math.PI / 4;
    const x = Math.cos(a) * r * 0.62;
    const y = Math.sin(a) * r * 0.62;
    cells += `<circle cx="${f(x)}" cy="${f(y)}" r="30" fill="${m.dark}"/><circle cx="${f(x)}" cy="${f(y)}" r="24" fill="url(#${id}-garnet)"/><circle cx="${f(x - 8)}" cy="${f(y - 9)}" r="6" fill="#ffd7d0" opacity="0.7"/>`;
  }
  let dots = '';
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const x = Math.cos(a) * r * 0.86;
    const y = Math.sin(a) * r * 0.86;
    dots += `<circle cx="${f(x)}" cy="${f(y)}" r="9" fill="none" stroke="${m.dark}" stroke-width="3"/><circle cx="${f(x)}" cy="${f(y)}" r="2.5" fill="${m.dark}"/>`;
  }
  let zig = 'M';
  for (let i = 0; i <= 40; i++) {
    const a = (i / 40) * Math.PI * 2;
    const rr = i % 2 ? r * 0.36 : r * 0.44;
    zig += `${f(Math.cos(a) * rr)},${f(Math.sin(a) * rr)} `;
  }
  const defs = `${metalDefs(id, m)}
    <radialGradient id="${id}-garnet" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#e0523f"/><stop offset="0.6" stop-color="#8e1a17"/><stop offset="1" stop-color="#3a0707"/></radialGradient>`;
  const body = `
    <path d="${outline}" fill="url(#${id}-body)" stroke="${m.dark}" stroke-width="4" stroke-opacity="0.7"/>
    <g filter="url(#${id}-relief)">
      <circle r="${r * 0.78}" fill="none" stroke="${m.mid}" stroke-width="10"/>
      <circle r="${r * 0.5}" fill="none" stroke="${m.mid}" stroke-width="8"/>
      <path d="${zig}" fill="none" stroke="${m.dark}" stroke-width="4" stroke-opacity="0.6"/>
      <circle r="46" fill="${m.mid}"/><circle r="30" fill="${m.light}" opacity="0.6"/>
    </g>
    ${dots}
    ${cells}
    ${weathering(id, outline, m, random, r, 0.9)}
    ${sheen(r, r, id)}`;
  return { defs, body };
}

function dBuckle(id: string, seed: number) {
  const m = METALS.bronze;
  const random = rng(seed);
  // A D-shaped frame with its straight bar on the left, the pin resting on the curve to the right.
  const outer = 'M-150,-175 L-40,-175 C120,-175 190,-90 190,0 C190,90 120,175 -40,175 L-150,175 Z';
  const inner = 'M-110,-128 L-40,-128 C80,-128 140,-70 140,0 C140,70 80,128 -40,128 L-110,128 Z';
  const frame = `${outer} ${inner}`;
  const defs = metalDefs(id, m);
  const body = `
    <g transform="rotate(-18)">
      <path d="${frame}" fill-rule="evenodd" fill="url(#${id}-body)" stroke="${m.dark}" stroke-width="4"/>
      <g filter="url(#${id}-relief)">
        <path d="${frame}" fill-rule="evenodd" fill="none" stroke="${m.mid}" stroke-width="6" transform="scale(0.94)"/>
        <circle cx="190" cy="0" r="20" fill="${m.mid}"/>
        <circle cx="60" cy="-160" r="12" fill="${m.mid}"/><circle cx="60" cy="160" r="12" fill="${m.mid}"/>
      </g>
      <g filter="url(#${id}-relief)">
        <rect x="-150" y="-14" width="300" height="28" rx="12" fill="url(#${id}-lin)"/>
        <rect x="-165" y="-26" width="42" height="52" rx="14" fill="${m.mid}"/>
      </g>
      ${weathering(id, frame, m, random, 200, 1)}
      ${sheen(180, 180, id)}
    </g>`;
  return { defs, body };
}

function palstave(id: string, seed: number) {
  const m = METALS.patina;
  const random = rng(seed);
  // Narrow butt at the top, flanges, stop ridge, then the flared crescent blade.
  const outline =
    'M-34,-270 L34,-270 L46,-40 L40,-10 C90,60 120,150 128,250 C60,275 -60,275 -128,250 C-120,150 -90,60 -40,-10 L-46,-40 Z';
  const defs = metalDefs(id, m);
  const body = `
    <g transform="rotate(32)">
      <path d="${outline}" fill="url(#${id}-lin)" stroke="${m.dark}" stroke-width="4"/>
      <g filter="url(#${id}-relief)">
        <path d="M-40,-262 L-46,-40 M40,-262 L46,-40" stroke="${m.light}" stroke-width="8" fill="none" stroke-linecap="round"/>
        <path d="M-44,-30 C-15,-18 15,-18 44,-30" stroke="${m.mid}" stroke-width="12" fill="none"/>
        <path d="M0,0 L0,120" stroke="${m.mid}" stroke-width="10" stroke-linecap="round"/>
        <path d="M-120,246 C-60,268 60,268 120,246" stroke="${m.light}" stroke-width="6" fill="none"/>
      </g>
      ${weathering(id, outline, m, random, 270, 1.1)}
      ${sheen(120, 260, id)}
    </g>`;
  return { defs, body };
}

function strapEnd(id: string, seed: number) {
  const m = METALS.bronze;
  const random = rng(seed);
  const outline = 'M-70,-250 L70,-250 L74,-170 C80,20 60,170 0,250 C-60,170 -80,20 -74,-170 Z';
  const defs = metalDefs(id, m);
  // Borre-style knotwork ending in an animal head (eyes and snout) at the tip.
  const body = `
    <g transform="rotate(-52)">
      <path d="${outline}" fill="url(#${id}-lin)" stroke="${m.dark}" stroke-width="4"/>
      <g filter="url(#${id}-relief)" fill="none" stroke="${m.mid}" stroke-width="9" stroke-linecap="round">
        <path d="M-40,-150 C40,-110 40,-70 -40,-30 C-80,-10 -10,30 40,10"/>
        <path d="M40,-150 C-40,-110 -40,-70 40,-30 C80,-10 10,30 -40,10"/>
        <path d="M-36,60 C0,40 0,40 36,60 C20,120 -20,120 -36,60 Z"/>
      </g>
      <g filter="url(#${id}-relief)">
        <ellipse cx="-22" cy="150" rx="14" ry="10" fill="${m.mid}"/><ellipse cx="22" cy="150" rx="14" ry="10" fill="${m.mid}"/>
        <path d="M-20,190 C-10,225 10,225 20,190" stroke="${m.mid}" stroke-width="8" fill="none"/>
        <circle cx="-35" cy="-215" r="13" fill="${m.dark}"/><circle cx="35" cy="-215" r="13" fill="${m.dark}"/>
      </g>
      <path d="M-70,-250 L70,-250 L66,-236 L-66,-236 Z" fill="${m.dark}" opacity="0.6"/>
      ${weathering(id, outline, m, random, 250, 0.9)}
      ${sheen(70, 240, id)}
    </g>`;
  return { defs, body };
}

function button(id: string, seed: number) {
  const m = METALS.gilt;
  const random = rng(seed);
  const r = 180;
  const outline = `M${-r},0 A${r},${r} 0 1,0 ${r},0 A${r},${r} 0 1,0 ${-r},0 Z`;
  let rays = '';
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    const long = i % 2 === 0 ? 0.8 : 0.55;
    rays += `<path d="M${f(Math.cos(a - 0.05) * 34)},${f(Math.sin(a - 0.05) * 34)} L${f(Math.cos(a) * r * long)},${f(Math.sin(a) * r * long)} L${f(Math.cos(a + 0.05) * 34)},${f(Math.sin(a + 0.05) * 34)} Z"/>`;
  }
  const defs = metalDefs(id, m);
  const body = `
    <path d="${outline}" fill="url(#${id}-body)" stroke="${m.dark}" stroke-width="5"/>
    <circle r="${r * 0.9}" fill="none" stroke="${m.light}" stroke-opacity="0.5" stroke-width="6"/>
    <g filter="url(#${id}-relief)" fill="${m.mid}">${rays}<circle r="36" fill="${m.light}"/></g>
    ${weathering(id, outline, m, random, r, 0.6)}
    ${sheen(r, r, id)}`;
  return { defs, body };
}

function ring(id: string, seed: number) {
  const m = METALS.gold;
  const random = rng(seed);
  // A band seen at an angle: an elliptical torus (outer minus inner ellipse) with a lit inner wall.
  const band =
    'M-200,0 A200,130 0 1,0 200,0 A200,130 0 1,0 -200,0 Z M-160,-6 A160,98 0 1,1 160,-6 A160,98 0 1,1 -160,-6 Z';
  const defs = `${metalDefs(id, m)}
    <linearGradient id="${id}-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.dark}"/><stop offset="0.5" stop-color="${m.mid}"/><stop offset="1" stop-color="${m.light}"/></linearGradient>`;
  const body = `
    <g transform="rotate(-12)">
      <path d="M-160,-6 A160,98 0 1,1 160,-6 A160,98 0 1,1 -160,-6 Z M-156,14 A156,90 0 1,1 156,14 A156,90 0 1,1 -156,14 Z" fill-rule="evenodd" fill="url(#${id}-wall)"/>
      <path d="${band}" fill-rule="evenodd" fill="url(#${id}-lin)" stroke="${m.dark}" stroke-width="3"/>
      <path d="M-180,-40 A190,120 0 0,1 120,-112" stroke="#fffbe0" stroke-width="10" fill="none" opacity="0.75" stroke-linecap="round" filter="url(#${id}-soft)"/>
      <path d="M60,118 A190,120 0 0,0 190,30" stroke="#fff6c8" stroke-width="6" fill="none" opacity="0.6" stroke-linecap="round"/>
      ${weathering(id, band, m, random, 200, 0.25)}
    </g>`;
  return { defs, body };
}

function whorl(id: string, seed: number) {
  const m = METALS.lead;
  const random = rng(seed);
  const r = 190;
  const outline = `${wobblyCircle(r, 0.03, random)} M-34,0 A34,34 0 1,1 34,0 A34,34 0 1,1 -34,0 Z`;
  const defs = metalDefs(id, m);
  const body = `
    <path d="${outline}" fill-rule="evenodd" fill="url(#${id}-body)" stroke="${m.dark}" stroke-width="4"/>
    <g filter="url(#${id}-relief)" fill="none" stroke="${m.mid}" stroke-width="7">
      <circle r="${r * 0.72}"/><circle r="${r * 0.45}"/>
    </g>
    <circle r="34" fill="#2a1d12" opacity="0.8"/>
    ${weathering(id, outline, m, random, r, 1.2)}
    ${sheen(r, r, id)}`;
  return { defs, body };
}

// ─── scenes ─────────────────────────────────────────────────────────────────────────────────────────

interface Ground {
  base: string;
  dark: string;
  light: string;
  /** Clod and pebble colours. */
  stones: string[];
}

const GROUNDS = {
  loam: {
    base: '#5b4330',
    dark: '#2e2016',
    light: '#8a6a4c',
    stones: ['#7a6a58', '#9b8b76', '#4a3a2c', '#b5a48c'],
  },
  clay: {
    base: '#8a6240',
    dark: '#4e341f',
    light: '#b08458',
    stones: ['#c4b29a', '#7d6a54', '#a58a6a', '#d8cab2'],
  },
  redSoil: { base: '#7a4a32', dark: '#40241a', light: '#a8694a', stones: ['#c9b8a4', '#8f7b68', '#5a3a2a'] },
  sand: {
    base: '#c9b28a',
    dark: '#8f7a58',
    light: '#e8d8b6',
    stones: ['#f2ece0', '#a89478', '#7c6a52', '#d6c7a8'],
  },
  chalk: {
    base: '#6d5a44',
    dark: '#3a2e22',
    light: '#958066',
    stones: ['#ece6da', '#d9d2c4', '#f7f4ec', '#8c7c68'],
  },
} as const satisfies Record<string, Ground>;

function groundLayer(w: number, h: number, g: Ground, seed: number): { defs: string; body: string } {
  const random = rng(seed);
  let clods = '';
  for (let i = 0; i < 70; i++) {
    const cx = random.range(0, w);
    const cy = random.range(0, h);
    const rx = random.range(10, 46);
    clods += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * random.range(0.5, 0.9))}" transform="rotate(${f(random.range(0, 180))} ${f(cx)} ${f(cy)})" fill="url(#g-clod)" opacity="${f(random.range(0.35, 0.8))}"/>`;
  }
  let stones = '';
  for (let i = 0; i < 45; i++) {
    const cx = random.range(0, w);
    const cy = random.range(0, h);
    const rx = random.range(3, 15);
    const colour = random.pick(g.stones);
    stones += `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(random.range(0, 180))})"><ellipse cx="2" cy="3" rx="${f(rx)}" ry="${f(rx * 0.7)}" fill="#000" opacity="0.35"/><ellipse rx="${f(rx)}" ry="${f(rx * 0.7)}" fill="${colour}"/><ellipse cx="${f(-rx * 0.3)}" cy="${f(-rx * 0.25)}" rx="${f(rx * 0.45)}" ry="${f(rx * 0.3)}" fill="#fff" opacity="0.25"/></g>`;
  }
  let roots = '';
  for (let i = 0; i < 6; i++) {
    let x = random.range(0, w);
    let y = random.range(0, h);
    let d = `M${f(x)},${f(y)}`;
    for (let j = 0; j < 4; j++) {
      x += random.range(-70, 70);
      y += random.range(-70, 70);
      d += ` Q${f(x + random.range(-30, 30))},${f(y + random.range(-30, 30))} ${f(x)},${f(y)}`;
    }
    roots += `<path d="${d}" stroke="${g.light}" stroke-opacity="0.5" stroke-width="${f(random.range(1.5, 3.5))}" fill="none" stroke-linecap="round"/>`;
  }
  const defs = `
    <radialGradient id="g-clod" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${g.light}"/><stop offset="0.6" stop-color="${g.base}"/><stop offset="1" stop-color="${g.dark}"/></radialGradient>
    <filter id="g-dark" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.018" numOctaves="5" seed="${seed}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 ${hexUnit(g.dark, 0)}  0 0 0 0 ${hexUnit(g.dark, 1)}  0 0 0 0 ${hexUnit(g.dark, 2)}  2.2 0 0 0 -0.9"/>
    </filter>
    <filter id="g-light" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.05" numOctaves="4" seed="${seed + 11}"/>
      <feColorMatrix type="matrix" values="0 0 0 0 ${hexUnit(g.light, 0)}  0 0 0 0 ${hexUnit(g.light, 1)}  0 0 0 0 ${hexUnit(g.light, 2)}  2.0 0 0 0 -1.05"/>
    </filter>
    <filter id="g-blur"><feGaussianBlur stdDeviation="1.2"/></filter>
    <filter id="g-drop" x="-25%" y="-25%" width="150%" height="150%">
      <feGaussianBlur in="SourceAlpha" stdDeviation="12"/>
      <feOffset dx="14" dy="20"/>
      <feComponentTransfer result="shadow"><feFuncA type="linear" slope="0.7"/></feComponentTransfer>
      <feMerge><feMergeNode in="shadow"/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>
    <radialGradient id="g-vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></radialGradient>`;
  const body = `
    <rect width="${w}" height="${h}" fill="${g.base}"/>
    <rect width="${w}" height="${h}" filter="url(#g-dark)"/>
    <rect width="${w}" height="${h}" filter="url(#g-light)"/>
    <g filter="url(#g-blur)">${clods}${roots}</g>
    ${stones}`;
  return { defs, body };
}

interface DemoPhoto {
  file: string;
  ground: Ground;
  seed: number;
  object: (id: string, seed: number) => { defs: string; body: string };
  /** Where the object lies and how large, in a 1000×750 frame. */
  at?: { x: number; y: number; scale: number };
}

const W = 1000;
const H = 750;

function scene(photo: DemoPhoto): string {
  const g = groundLayer(W, H, photo.ground, photo.seed);
  const obj = photo.object('o', photo.seed + 1);
  const at = photo.at ?? { x: W / 2, y: H / 2, scale: 1 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>${g.defs}${obj.defs}</defs>
    ${g.body}
    <g transform="translate(${at.x} ${at.y}) scale(${at.scale})"><g filter="url(#g-drop)">${obj.body}</g></g>
    <rect width="${W}" height="${H}" fill="url(#g-vignette)"/>
  </svg>`;
}

const coinObject = (spec: Omit<CoinSpec, 'id' | 'seed'>) => (id: string, seed: number) =>
  coin({ ...spec, id, seed });

/** Every demo find's picture. File names are referenced by demo-data/content.ts. */
export const DEMO_PHOTOS: DemoPhoto[] = [
  {
    file: 'roman-denarius.jpg',
    ground: GROUNDS.loam,
    seed: 101,
    object: coinObject({
      metal: METALS.silver,
      radius: 210,
      wobble: 0.018,
      legendText: 'IMP CAES NERVA TRAIAN AVG',
      device: `<path d="${BUST}"/>${BUST_DETAIL}<g stroke-opacity="0.6" stroke-width="3">${LAUREL}</g>`,
      wear: 0.7,
      beaded: true,
      rotate: -14,
    }),
  },
  {
    file: 'hammered-penny.jpg',
    ground: GROUNDS.clay,
    seed: 202,
    object: coinObject({
      metal: METALS.silver,
      radius: 200,
      wobble: 0.045,
      legendText: 'CIVITAS LONDON',
      device: `<path d="M-12,-118 L12,-118 L12,-12 L118,-12 L118,12 L12,12 L12,118 L-12,118 L-12,12 L-118,12 L-118,-12 L-12,-12 Z"/>${[
        [-45, -45],
        [45, -45],
        [-45, 45],
        [45, 45],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="12"/><circle cx="${(x ?? 0) * 1.45}" cy="${y}" r="11"/><circle cx="${x}" cy="${(y ?? 0) * 1.45}" r="11"/>`,
        )
        .join('')}`,
      deviceScale: 0.72,
      wear: 0.9,
      beaded: true,
      rotate: 9,
    }),
  },
  {
    file: 'iron-age-stater.jpg',
    ground: GROUNDS.redSoil,
    seed: 303,
    object: coinObject({
      metal: METALS.gold,
      radius: 170,
      wobble: 0.03,
      // A disjointed horse of the Corieltauvi: a heavy body, a neck rising to a beaked head, stick legs
      // ending in pellets, a flowing tail, pellets in the field and a wheel below.
      device:
        '<ellipse cx="-5" cy="0" rx="72" ry="26"/>' +
        '<path d="M40,-14 L78,-70 L112,-74 L104,-56 L84,-52 L62,8 Z"/><path d="M82,-72 L86,-92 L96,-74 Z"/>' +
        '<path d="M-74,-6 C-104,-20 -118,8 -104,42" stroke-width="12" fill="none" stroke="currentColor" stroke-opacity="1" stroke-linecap="round"/>' +
        '<path d="M-52,18 L-62,72 M-28,22 L-32,74 M24,22 L30,74 M48,18 L62,70" stroke-width="11" stroke-linecap="round" fill="none" stroke="currentColor" stroke-opacity="1"/>' +
        '<circle cx="-62" cy="78" r="9"/><circle cx="-32" cy="80" r="9"/><circle cx="30" cy="80" r="9"/><circle cx="62" cy="76" r="9"/>' +
        '<circle cx="-60" cy="-58" r="11"/><circle cx="-22" cy="-70" r="11"/><circle cx="18" cy="-66" r="11"/>' +
        '<circle cx="0" cy="120" r="22" fill="none" stroke-width="8" stroke="currentColor" stroke-opacity="1"/><path d="M-22,120 L22,120 M0,98 L0,142" stroke-width="6" stroke="currentColor" stroke-opacity="1"/>',
      deviceScale: 0.7,
      wear: 0.3,
      rotate: -20,
    }),
  },
  {
    file: 'victorian-penny.jpg',
    ground: GROUNDS.loam,
    seed: 404,
    object: coinObject({
      metal: METALS.copper,
      radius: 220,
      wobble: 0,
      legendText: 'VICTORIA D G BRITT REG F D 1874',
      device: `<path d="${BUST}"/><circle cx="-52" cy="-40" r="26"/>${BUST_DETAIL}<path d="M-20,-80 C20,-95 55,-70 60,-50" stroke-width="8" fill="none"/>`,
      wear: 1.1,
      beaded: true,
      rotate: 4,
    }),
  },
  {
    file: 'saxon-disc-brooch.jpg',
    ground: GROUNDS.chalk,
    seed: 505,
    object: saxonBrooch,
  },
  {
    file: 'medieval-buckle.jpg',
    ground: GROUNDS.clay,
    seed: 606,
    object: dBuckle,
  },
  {
    file: 'bronze-age-palstave.jpg',
    ground: GROUNDS.loam,
    seed: 707,
    object: palstave,
    at: { x: 500, y: 375, scale: 1.15 },
  },
  {
    file: 'viking-strap-end.jpg',
    ground: GROUNDS.redSoil,
    seed: 808,
    object: strapEnd,
    at: { x: 500, y: 375, scale: 1.1 },
  },
  {
    file: 'byzantine-follis.jpg',
    ground: GROUNDS.sand,
    seed: 909,
    object: coinObject({
      metal: METALS.bronze,
      radius: 230,
      wobble: 0.035,
      // The large M (40 nummi) with a cross above and the officina letter below, ANNO and a year beside.
      device:
        '<path d="M-70,60 L-70,-60 L-45,-60 L0,10 L45,-60 L70,-60 L70,60 L48,60 L48,-20 L8,40 L-8,40 L-48,-20 L-48,60 Z"/><path d="M-8,-120 L8,-120 L8,-100 L24,-100 L24,-86 L8,-86 L8,-70 L-8,-70 L-8,-86 L-24,-86 L-24,-100 L-8,-100 Z"/><text x="0" y="118" font-family="DejaVu Serif, serif" font-weight="bold" font-size="44" text-anchor="middle">B</text><text x="-104" y="0" font-family="DejaVu Serif, serif" font-weight="bold" font-size="30" text-anchor="middle" transform="rotate(-90 -104 0)">ANNO</text><text x="104" y="0" font-family="DejaVu Serif, serif" font-weight="bold" font-size="30" text-anchor="middle" transform="rotate(-90 104 0)">XII</text>',
      deviceScale: 0.74,
      wear: 1.2,
      rotate: -6,
    }),
  },
  {
    file: 'georgian-button.jpg',
    ground: GROUNDS.chalk,
    seed: 1010,
    object: button,
  },
  {
    file: 'gold-ring.jpg',
    ground: GROUNDS.sand,
    seed: 1111,
    object: ring,
  },
  {
    file: 'lead-spindle-whorl.jpg',
    ground: GROUNDS.clay,
    seed: 1212,
    object: whorl,
  },
];

// ─── fallback and hero ──────────────────────────────────────────────────────────────────────────────

/** An earthy field with a coin silhouette and 'Image unavailable' — calm, clearly a placeholder. */
function fallbackSvg(): string {
  const w = 800;
  const h = 600;
  let furrows = '';
  for (let i = 0; i < 14; i++) {
    const y = 330 + i * i * 2.2 + i * 6;
    furrows += `<path d="M-20,${f(y)} Q400,${f(y - 26 - i * 1.5)} 820,${f(y)}" stroke="#3e2f22" stroke-opacity="${f(0.18 + i * 0.015)}" stroke-width="${f(2 + i * 0.6)}" fill="none"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9cdb6"/><stop offset="1" stop-color="#c2ae8c"/></linearGradient>
      <linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a7152"/><stop offset="1" stop-color="#5c4632"/></linearGradient>
      <radialGradient id="coin" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#efe4cf"/><stop offset="1" stop-color="#b9a47f"/></radialGradient>
      <filter id="soft"><feGaussianBlur stdDeviation="10"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <path d="M0,300 C180,270 320,285 460,275 C600,265 700,280 800,270 L800,600 L0,600 Z" fill="url(#field)"/>
    ${furrows}
    <ellipse cx="414" cy="392" rx="96" ry="22" fill="#000" opacity="0.35" filter="url(#soft)"/>
    <g transform="translate(400 312)">
      <circle r="84" fill="url(#coin)" opacity="0.92"/>
      <circle r="70" fill="none" stroke="#8a7556" stroke-opacity="0.5" stroke-width="4"/>
      <path d="${BUST}" transform="scale(0.46)" fill="#a58f6a" opacity="0.55"/>
    </g>
    <text x="400" y="${h - 84}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="40" font-weight="bold" fill="#f6efe2" text-anchor="middle" opacity="0.95">Image unavailable</text>
    <text x="400" y="${h - 46}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" fill="#eadfcb" text-anchor="middle" opacity="0.85">The photo of this find could not be loaded</text>
  </svg>`;
}

/** Rolling fields at dusk: layered hills, hedgerows, a church, and a detectorist on the skyline. */
function heroSvg(): string {
  const w = 1600;
  const h = 700;
  const random = rng(42);
  const hill = (y: number, amp: number, seed: number) => {
    const r = rng(seed);
    let d = `M0,${y}`;
    for (let x = 0; x <= w; x += 200)
      d += ` S${f(x + 100)},${f(y + r.range(-amp, amp))} ${f(x + 200)},${f(y + r.range(-amp, amp) * 0.6)}`;
    return `${d} L${w},${h} L0,${h} Z`;
  };
  let trees = '';
  for (let i = 0; i < 38; i++) {
    const x = random.range(0, w);
    const y = 430 + random.range(-18, 10);
    const s = random.range(14, 34);
    trees += `<ellipse cx="${f(x)}" cy="${f(y - s * 0.6)}" rx="${f(s)}" ry="${f(s * 0.8)}"/><rect x="${f(x - 2)}" y="${f(y - s * 0.2)}" width="4" height="${f(s * 0.6)}"/>`;
  }
  let furrows = '';
  for (let i = 0; i < 18; i++) {
    const y = 540 + i * i * 0.55 + i * 5;
    furrows += `<path d="M-40,${f(y + 30)} Q800,${f(y - 30)} 1640,${f(y + 10)}" stroke="#0d0a10" stroke-opacity="${f(0.22 + i * 0.012)}" stroke-width="${f(2 + i * 0.35)}" fill="none"/>`;
  }
  let stars = '';
  for (let i = 0; i < 40; i++)
    stars += `<circle cx="${f(random.range(0, w))}" cy="${f(random.range(0, 170))}" r="${f(random.range(0.6, 1.6))}" fill="#fff" opacity="${f(random.range(0.3, 0.8))}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#1d1b3a"/><stop offset="0.35" stop-color="#4a3a6b"/><stop offset="0.6" stop-color="#b45f5f"/>
        <stop offset="0.78" stop-color="#ec9a5a"/><stop offset="0.9" stop-color="#f6c987"/>
      </linearGradient>
      <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3cf"/><stop offset="0.25" stop-color="#ffd58a" stop-opacity="0.9"/><stop offset="1" stop-color="#ff9a55" stop-opacity="0"/></radialGradient>
      <linearGradient id="h1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d4a6a"/><stop offset="1" stop-color="#4b3552"/></linearGradient>
      <linearGradient id="h2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#46344d"/><stop offset="1" stop-color="#2f2338"/></linearGradient>
      <linearGradient id="h3" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2c2230"/><stop offset="1" stop-color="#17121b"/></linearGradient>
      <linearGradient id="h4" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a2a22"/><stop offset="1" stop-color="#120d0c"/></linearGradient>
      <filter id="haze"><feGaussianBlur stdDeviation="3"/></filter>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    ${stars}
    <circle cx="1120" cy="395" r="210" fill="url(#sun)"/>
    <circle cx="1120" cy="395" r="46" fill="#fff1c9"/>
    <path d="${hill(372, 26, 1)}" fill="url(#h1)" opacity="0.85" filter="url(#haze)"/>
    <path d="${hill(410, 30, 2)}" fill="url(#h2)"/>
    <g fill="#241b29">${trees}
      <path d="M300,402 L300,362 L312,362 L312,318 L318,300 L324,318 L324,362 L346,362 L346,402 Z"/>
    </g>
    <path d="${hill(452, 24, 3)}" fill="url(#h3)"/>
    <path d="M0,520 C300,490 700,500 1000,505 C1250,510 1450,495 1600,488 L1600,700 L0,700 Z" fill="url(#h4)"/>
    ${furrows}
    <g transform="translate(470 506)" fill="#0b0809" stroke="#0b0809" stroke-linecap="round">
      <circle cx="0" cy="-112" r="11" stroke="none"/>
      <path d="M-8,-98 L8,-98 L12,-52 L-10,-52 Z" stroke="none"/>
      <path d="M-4,-52 L-12,0 M6,-52 L14,0" stroke-width="9" fill="none"/>
      <path d="M8,-92 L30,-66 L58,-46" stroke-width="6" fill="none"/>
      <path d="M-6,-90 L-20,-64" stroke-width="6" fill="none"/>
      <path d="M58,-46 L88,-6" stroke-width="4" fill="none"/>
      <ellipse cx="96" cy="-2" rx="20" ry="5" stroke="none"/>
      <rect x="-20" y="-92" width="12" height="26" rx="3" stroke="none"/>
    </g>
  </svg>`;
}

// ─── output ─────────────────────────────────────────────────────────────────────────────────────────

/** A whisper of film grain: real photos are never perfectly smooth, and it hides gradient banding. */
async function withGrain(svg: string, width: number, height: number, sigma: number): Promise<Sharp> {
  const base = await sharp(Buffer.from(svg)).png().toBuffer();
  if (sigma === 0) return sharp(base);
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .png()
    .toBuffer();
  return sharp(base).composite([{ input: grain, blend: 'soft-light' }]);
}

async function writeJpeg(file: string, image: Sharp, quality: number): Promise<number> {
  const out = await image.jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' }).toBuffer();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, out);
  return out.byteLength;
}

/** `make-images.ts [name …]` regenerates only the files whose names contain one of the words. */
async function main(only: string[]) {
  const wanted = (file: string) => only.length === 0 || only.some((word) => file.includes(word));
  const size = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const report = (file: string, bytes: number) => console.log(`${file.padEnd(28)} ${size(bytes)}`);

  if (wanted('find-fallback.jpg')) {
    report(
      'find-fallback.jpg',
      await writeJpeg(
        path.join(publicImages, 'find-fallback.jpg'),
        await withGrain(fallbackSvg(), 800, 600, 6),
        80,
      ),
    );
  }
  if (wanted('hero.jpg'))
    report(
      'hero.jpg',
      await writeJpeg(path.join(publicImages, 'hero.jpg'), await withGrain(heroSvg(), 1600, 700, 5), 78),
    );
  for (const photo of DEMO_PHOTOS.filter((p) => wanted(p.file))) {
    const image = (await withGrain(scene(photo), W, H, 14)).blur(0.5);
    report(photo.file, await writeJpeg(path.join(demoData, photo.file), image, 78));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
