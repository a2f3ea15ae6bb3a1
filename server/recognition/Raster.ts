import { deflateSync } from 'node:zlib';
import { PROVINCE_GLYPHS, PROVINCE_GLYPH_SIZE, SMALL_GLYPHS } from './snapshotGlyphs';

export type Rgb = readonly [number, number, number];

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

/**
 * A small RGB picture drawn with filled shapes and bitmap text, encoded as a PNG: what the server draws
 * for a recognition snapshot (scripts/png.ts paints pixel by pixel for build-time images; this one is
 * for run time, shape by shape, and needs no font engine).
 */
export class Raster {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  set(x: number, y: number, color: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const index = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[index] = color[0];
    this.pixels[index + 1] = color[1];
    this.pixels[index + 2] = color[2];
  }

  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    for (let row = Math.max(0, Math.floor(y)); row < Math.min(this.height, Math.floor(y + height)); row++)
      for (let column = Math.max(0, Math.floor(x)); column < Math.min(this.width, Math.floor(x + width)); column++)
        this.set(column, row, color);
  }

  /** A rectangle's outline `thickness` pixels wide (a detection box). */
  strokeRect(x: number, y: number, width: number, height: number, color: Rgb, thickness = 1): void {
    this.fillRect(x, y, width, thickness, color);
    this.fillRect(x, y + height - thickness, width, thickness, color);
    this.fillRect(x, y, thickness, height, color);
    this.fillRect(x + width - thickness, y, thickness, height, color);
  }

  /** A filled ellipse centred on (cx, cy); `onlyAbove` keeps the part above that y (a head's hair). */
  fillEllipse(cx: number, cy: number, rx: number, ry: number, color: Rgb, onlyAbove = Infinity): void {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      if (y > onlyAbove) break;
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        const dx = (x - cx) / rx;
        const dy = (y - cy) / ry;
        if (dx * dx + dy * dy <= 1) this.set(x, y, color);
      }
    }
  }

  /** A straight line `thickness` pixels wide (a bicycle's frame, a fence). */
  line(x0: number, y0: number, x1: number, y1: number, color: Rgb, thickness = 1): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    for (let step = 0; step <= steps; step++) {
      const x = x0 + ((x1 - x0) * step) / steps;
      const y = y0 + ((y1 - y0) * step) / steps;
      this.fillRect(x - thickness / 2, y - thickness / 2, thickness, thickness, color);
    }
  }

  /** A ring (a wheel): the ellipse in `color` with its inside in `inside`. */
  ring(cx: number, cy: number, radius: number, thickness: number, color: Rgb, inside: Rgb): void {
    this.fillEllipse(cx, cy, radius, radius, color);
    this.fillEllipse(cx, cy, radius - thickness, radius - thickness, inside);
  }

  /** A vertical gradient between two colours over the rectangle (sky, road). */
  gradient(x: number, y: number, width: number, height: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < height; row++) {
      const t = height > 1 ? row / (height - 1) : 0;
      const mix = (channel: 0 | 1 | 2) => Math.round(top[channel] + (bottom[channel] - top[channel]) * t);
      const color: Rgb = [mix(0), mix(1), mix(2)];
      this.fillRect(x, y + row, width, 1, color);
    }
  }

  /**
   * Text in the bitmap fonts at `scale` pixels per dot: the provinces' characters 14×14, letters and
   * digits 5×7 stretched to the same height. Returns the width drawn.
   */
  text(x: number, y: number, text: string, color: Rgb, scale = 1): number {
    let cursor = x;
    for (const character of text) {
      const province = PROVINCE_GLYPHS[character];
      if (province) {
        for (let row = 0; row < PROVINCE_GLYPH_SIZE; row++) {
          const bits = parseInt(province.slice(row * 4, row * 4 + 4), 16);
          for (let column = 0; column < PROVINCE_GLYPH_SIZE; column++)
            if (bits & (1 << (PROVINCE_GLYPH_SIZE - 1 - column)))
              this.fillRect(cursor + column * scale, y + row * scale, scale, scale, color);
        }
        cursor += (PROVINCE_GLYPH_SIZE + 1) * scale;
        continue;
      }
      const glyph = SMALL_GLYPHS[character];
      if (glyph) {
        // Seven rows stretched over fourteen, each dot 2 pixels wide: the plate's tall narrow letters.
        glyph.forEach((bits, row) => {
          for (let column = 0; column < 5; column++)
            if (bits & (1 << (4 - column))) this.fillRect(cursor + column * 2 * scale, y + row * 2 * scale, 2 * scale, 2 * scale, color);
        });
      }
      cursor += 12 * scale;
    }
    return cursor - x;
  }

  /** The width `text(…)` would draw. */
  static textWidth(text: string, scale = 1): number {
    let width = 0;
    for (const character of text) width += (PROVINCE_GLYPHS[character] ? PROVINCE_GLYPH_SIZE + 1 : 12) * scale;
    return width;
  }

  /** The picture as an 8-bit RGB PNG. */
  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const stride = this.width * 3;
    const rows = Buffer.alloc((stride + 1) * this.height);
    for (let y = 0; y < this.height; y++) rows.set(this.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}
