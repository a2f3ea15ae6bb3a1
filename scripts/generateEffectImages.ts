/**
 * Draws the map effects' own images (fire, second fire, red circle, trail) as PNG files beside their
 * plugins, so the product ships no third-party artwork. Run: `npx tsx scripts/generateEffectImages.ts`.
 * The PNGs are committed; this script documents how they were made and remakes them.
 */
import { writeFileSync } from 'node:fs';
import { png, type Painter } from './png';

const mix = (a: number, b: number, t: number) => a + (b - a) * t;
const smooth = (t: number) => t * t * (3 - 2 * t);
/** Distance from the centre, 0 there and 1 at the edge of the inscribed circle. */
const radial = (x: number, y: number, width: number, height: number) => Math.hypot((x + 0.5) / width - 0.5, (y + 0.5) / height - 0.5) * 2;

/** A smooth pseudo-random field in [0, 1] (value noise, a few octaves), the same on every run. */
function noise(x: number, y: number): number {
  const hash = (i: number, j: number) => {
    const h = Math.sin(i * 127.1 + j * 311.7) * 43758.5453;
    return h - Math.floor(h);
  };
  const octave = (u: number, v: number) => {
    const [i, j] = [Math.floor(u), Math.floor(v)];
    const [fx, fy] = [smooth(u - i), smooth(v - j)];
    return mix(mix(hash(i, j), hash(i + 1, j), fx), mix(hash(i, j + 1), hash(i + 1, j + 1), fx), fy);
  };
  return octave(x, y) * 0.55 + octave(x * 2.1, y * 2.1) * 0.3 + octave(x * 4.3, y * 4.3) * 0.15;
}

/**
 * Fire: one flame tongue, round at its foot and pointed at its tip: white-hot low in the middle,
 * through yellow and orange to a deep red, soft edged; the particle's colour tints it as it ages.
 */
const fire: Painter = (x, y, w, h) => {
  const u = ((x + 0.5) / w - 0.5) * 2;
  const v = 1 - (y + 0.5) / h; // 0 at the foot, 1 at the tip
  const foot = v < 0.3 ? Math.sqrt(Math.max(0, 1 - ((0.3 - v) / 0.33) ** 2)) : 1;
  const width = 0.92 * (1 - v) ** 0.8 * foot;
  const across = width > 0 ? Math.abs(u) / width : 2;
  const body = Math.max(0, 1 - across);
  const heat = Math.min(1, body * 1.25) * (1 - 0.55 * v);
  const r = mix(190, 255, smooth(Math.min(1, heat * 2.2)));
  const g = mix(25, 245, smooth(heat) ** 1.2);
  const b = mix(0, 190, Math.max(0, heat - 0.55) / 0.45);
  return [r, g, b, 255 * smooth(Math.min(1, body * 2.4)) * smooth(Math.min(1, v / 0.1 + 0.35))];
};

/** Second fire, used for the smoke: a soft, billowing puff (white, so the particle colour greys it). */
const secondFire: Painter = (x, y, w, h) => {
  const d = radial(x, y, w, h);
  const billow = noise((x / w) * 5, (y / h) * 5);
  const edge = d + (billow - 0.5) * 0.45;
  const shade = 165 + 90 * billow;
  return [shade, shade, shade, 255 * smooth(Math.max(0, Math.min(1, (1 - edge) * 1.6))) * (0.55 + 0.45 * billow)];
};

/** Red circle: a ring strongest near the edge, clear in the middle, for pulsing circles. */
const redCircle: Painter = (x, y, w, h) => {
  const d = radial(x, y, w, h);
  if (d > 1) return [255, 0, 0, 0];
  return [255, 30, 30, 255 * (0.15 + 0.85 * d ** 3) * smooth(Math.min(1, (1 - d) * 12))];
};

/** Trail: a bright head on the right fading to nothing on the left, brightest along the middle. */
const trail: Painter = (x, y, w, h) => {
  const along = (x + 0.5) / w;
  const across = 1 - Math.abs((y + 0.5) / h - 0.5) * 2;
  return [255, 255, 255, 255 * along ** 2 * smooth(across)];
};

const out = new URL('../plugins/map-effect/', import.meta.url);
const write = (path: string, image: Buffer) => writeFileSync(new URL(path, out), image);
write('fire-smoke/fire.png', png(64, 96, fire));
write('fire-smoke/secondFire.png', png(96, 96, secondFire));
write('pulsing-circle/redCircle.png', png(128, 128, redCircle));
write('line-trail/trail.png', png(256, 32, trail));
