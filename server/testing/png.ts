/**
 * Reading QR images back in tests: just enough of a PNG decoder (8-bit, non-interlaced, any filter) to read pixels,
 * since no QR reader is installed, and the comparison of those pixels with a QR module matrix, which shows that an
 * image carries the code.
 */
import { inflateSync } from 'node:zlib';
import type QRCode from 'qrcode';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Image {
  width: number;
  height: number;
  /** True where the pixel is dark. */
  dark: (x: number, y: number) => boolean;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The pixels of a PNG; throws on anything that is not one this decoder reads. */
export function decodePng(png: Buffer): Image {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let pos = 8;
  let ihdr: Buffer | undefined;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const length = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    pos += 12 + length;
  }
  if (!ihdr) throw new Error('no IHDR chunk');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = ihdr.subarray(8);
  if (bitDepth !== 8 || interlace !== 0) throw new Error(`unexpected bit depth ${bitDepth} or interlace ${interlace}`);
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType ?? -1];
  if (!channels) throw new Error(`unexpected colour type ${colorType}`);

  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter ?? -1];
      if (predictor === undefined) throw new Error(`bad filter ${filter}`);
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  // Grey or red channel is enough: the image is pure black on pure white.
  return { width, height, dark: (x, y) => pixels[y * stride + x * channels]! < 128 };
}

/** Modules (row,col, quiet zone included) whose centre pixel disagrees with `qr` drawn at `margin` and `scale`. */
export function mismatchedModules(image: Image, qr: QRCode.QRCode, margin: number, scale: number): string[] {
  const size = qr.modules.size;
  const out: string[] = [];
  for (let row = -margin; row < size + margin; row++) {
    for (let col = -margin; col < size + margin; col++) {
      const inside = row >= 0 && col >= 0 && row < size && col < size;
      const expected = inside && Boolean(qr.modules.get(row, col));
      const x = Math.floor((col + margin) * scale + scale / 2);
      const y = Math.floor((row + margin) * scale + scale / 2);
      if (x >= image.width || y >= image.height || image.dark(x, y) !== expected) out.push(`${row},${col}`);
    }
  }
  return out;
}
