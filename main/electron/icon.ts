import { deflateSync } from 'node:zlib';

// The app's icon, drawn in code so the repository carries no binary images: a rounded square with a
// folded page on it. macOS menu bar icons are "template" images (black and alpha; the OS colours them).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file of RGBA pixels (row by row, 4 bytes each). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const inRoundedRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};

/** 0 outside, 1 background square, 2 page (x, y in 0..1). */
function shape(x: number, y: number, template: boolean): 0 | 1 | 2 {
  const page = x >= 0.3 && x <= 0.7 && y >= 0.22 && y <= 0.78 && !(x > 0.58 && y < 0.22 + (x - 0.58));
  if (template) {
    const outline = x >= 0.22 && x <= 0.78 && y >= 0.12 && y <= 0.88 && !(x > 0.62 && y < 0.12 + (x - 0.62));
    const inner = x >= 0.3 && x <= 0.7 && y >= 0.2 && y <= 0.8 && !(x > 0.56 && y < 0.2 + (x - 0.56) + 0.06);
    return outline && !inner ? 2 : 0;
  }
  if (!inRoundedRect(x, y, 0.06, 0.06, 0.94, 0.94, 0.2)) return 0;
  return page ? 2 : 1;
}

/** The icon at a size, 4x4 supersampled for smooth edges. */
export function iconPng(size: number, o: { template?: boolean } = {}): Buffer {
  const px = new Uint8Array(size * size * 4);
  const colours = o.template ? [null, [0, 0, 0], [0, 0, 0]] : [null, [0x1f, 0x5f, 0xa8], [0xff, 0xff, 0xff]];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const c = colours[shape((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size, o.template ?? false)];
          if (!c) continue;
          acc[0]! += c[0]!;
          acc[1]! += c[1]!;
          acc[2]! += c[2]!;
          acc[3]! += 1;
        }
      }
      const i = (y * size + x) * 4;
      const n = acc[3]!;
      if (n > 0) px.set([Math.round(acc[0]! / n), Math.round(acc[1]! / n), Math.round(acc[2]! / n), Math.round((n / 16) * 255)], i);
    }
  }
  return encodePng(size, size, px);
}
