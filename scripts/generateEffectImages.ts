/**
 * Draws the map effects' own images (fire, second fire, red circle, trail) as PNG files beside their
 * plugins, so the product ships no third-party artwork. Run: `npx tsx scripts/generateEffectImages.ts`.
 * The PNGs are committed; this script documents how they were made and remakes them.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
type Painter = (x: number, y: number, width: number, height: number) => Rgba;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG painted pixel by pixel. */
export function png(width: number, height: number, paint: Painter): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = paint(x, y, width, height);
      rows.set([r, g, b, a].map((value) => Math.round(Math.min(255, Math.max(0, value)))), start + 1 + x * 4);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const mix = (a: number, b: number, t: number) => a + (b - a) * t;
const smooth = (t: number) => t * t * (3 - 2 * t);
/** Distance from the centre, 0 there and 1 at the edge of the inscribed circle. */
const radial = (x: number, y: number, width: number, height: number) => Math.hypot((x + 0.5) / width - 0.5, (y + 0.5) / height - 0.5) * 2;

/** Fire: a white-hot core through yellow and orange to a transparent rim. */
const fire: Painter = (x, y, w, h) => {
  const d = Math.min(1, radial(x, y, w, h));
  const heat = 1 - d;
  return [255, mix(80, 250, smooth(heat)), mix(0, 200, heat * heat * heat), 255 * smooth(Math.max(0, 1 - d * 1.05))];
};

/** Second fire: a softer, redder flame used for the outer flames and, tinted grey, for smoke. */
const secondFire: Painter = (x, y, w, h) => {
  const d = Math.min(1, radial(x, y, w, h * 1.2) + Math.max(0, (y / h - 0.5) * 0.4));
  return [255, mix(40, 160, 1 - d), 20, 220 * smooth(Math.max(0, 1 - d)) ** 1.5];
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
write('fire-smoke/fire.png', png(64, 64, fire));
write('fire-smoke/secondFire.png', png(64, 64, secondFire));
write('pulsing-circle/redCircle.png', png(128, 128, redCircle));
write('line-trail/trail.png', png(256, 32, trail));
