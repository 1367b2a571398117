import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from './brcode';
import { createQrCache, QR_MARGIN, QR_SCALE, qrPng } from './qr';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const BR_CODE = buildDynamicBrCode({
  location: 'https://pix.example.com/qr/v2/cob/9d36b84fc70b478fb95c12729b90ca25',
  amount: 20000,
  merchantName: 'Padaria São João',
  merchantCity: 'São Paulo',
});

interface Image {
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

/**
 * Just enough of a PNG decoder (8-bit, non-interlaced, any filter) to read pixels back, since no
 * QR reader is installed: comparing pixels to the module matrix shows the image carries the code.
 */
function decodePng(png: Buffer): Image {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
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
  expect({ bitDepth, interlace }).toEqual({ bitDepth: 8, interlace: 0 });
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

/** Modules (row,col, quiet zone included) whose centre pixel disagrees with `qr`. */
function mismatchedModules(image: Image, qr: QRCode.QRCode): string[] {
  const size = qr.modules.size;
  const out: string[] = [];
  for (let row = -QR_MARGIN; row < size + QR_MARGIN; row++) {
    for (let col = -QR_MARGIN; col < size + QR_MARGIN; col++) {
      const inside = row >= 0 && col >= 0 && row < size && col < size;
      const expected = inside && Boolean(qr.modules.get(row, col));
      const x = (col + QR_MARGIN) * QR_SCALE + QR_SCALE / 2;
      const y = (row + QR_MARGIN) * QR_SCALE + QR_SCALE / 2;
      if (x >= image.width || y >= image.height || image.dark(x, y) !== expected) out.push(`${row},${col}`);
    }
  }
  return out;
}

describe('qrPng', () => {
  it('returns a PNG whose IHDR says a square image', async () => {
    const png = await qrPng(BR_CODE);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBeGreaterThan(0);
    expect(png.readUInt32BE(20)).toBe(png.readUInt32BE(16));
  });

  it('sizes the image as (modules + 2 × margin) × scale, a few hundred pixels for a BR Code', async () => {
    const modules = QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' }).modules.size;
    const { width, height } = decodePng(await qrPng(BR_CODE));
    expect(width).toBe((modules + 2 * QR_MARGIN) * QR_SCALE);
    expect(height).toBe(width);
    expect(width).toBeGreaterThanOrEqual(300);
    expect(width).toBeLessThanOrEqual(800);
  });

  it('draws exactly the level-M module matrix of the payload inside a white quiet zone', async () => {
    const image = decodePng(await qrPng(BR_CODE));
    expect(mismatchedModules(image, QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' }))).toEqual([]);
    // The format bits in the matrix encode the level, so the same payload at level L must not match.
    expect(mismatchedModules(image, QRCode.create(BR_CODE, { errorCorrectionLevel: 'L' })).length).toBeGreaterThan(0);
  });

  it('gives different images for payloads that differ by one character', async () => {
    const other = BR_CODE.slice(0, -1) + (BR_CODE.endsWith('0') ? '1' : '0');
    expect((await qrPng(other)).equals(await qrPng(BR_CODE))).toBe(false);
  });

  it('rejects a payload too long for any QR version', async () => {
    await expect(qrPng('9'.repeat(8000))).rejects.toThrow();
  });
});

describe('createQrCache', () => {
  it('answers a payload it holds with the same bytes, and keeps only the most recently used entries', async () => {
    const render = createQrCache(2);
    const a = await render(BR_CODE);
    expect(await render(BR_CODE)).toBe(a);
    const other = (n: number) => BR_CODE.slice(0, -1) + String(n);
    await render(other(1));
    await render(BR_CODE); // a is now the most recent
    await render(other(2)); // evicts other(1)
    expect(await render(BR_CODE)).toBe(a);
    const b = await render(other(1));
    expect(b.equals(await qrPng(other(1)))).toBe(true);
    expect(await render(other(1))).toBe(b);
  });

  it('does not keep a payload the library refuses', async () => {
    const render = createQrCache(2);
    const tooLong = '9'.repeat(8000);
    await expect(render(tooLong)).rejects.toThrow();
    const first = await render(BR_CODE);
    await render(BR_CODE.slice(0, -1) + '7');
    // Had the refused payload stayed, it would have pushed BR_CODE out of a cache of 2.
    expect(await render(BR_CODE)).toBe(first);
  });
});
