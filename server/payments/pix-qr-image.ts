/**
 * The inline PIX QR image of a charge (`payment.pixQrCodeImage`): its BR Code as a PNG data URL, rendered once, by
 * the background job that records the issued code (never on a request), and stored with the charge so that every
 * read and event carries the same bytes. Kept small and cheap to make (scripts/measure-qr-image.ts): about 1 KB and
 * 1 ms of CPU for a sandbox BR Code, where the QR library's own PNG renderer at its defaults takes 4.3 KB and 5.7 ms.
 */
import { PNG } from 'pngjs';
import QRCode from 'qrcode';

/**
 * Level M recovers ~15% of damaged modules, as the public `/pay/{token}/qr.png` (sandbox/qr.ts) uses, so both images
 * are the same symbol, and the 4-module quiet zone the QR standard asks for. One pixel a module: every pixel more
 * multiplies the pixels to write and compress (scale 4 costs 2.5 times the CPU and the bytes); a client draws it at
 * the size it wants with nearest-neighbour scaling (CSS `image-rendering: pixelated`), and `pixQrCodeUrl` is the
 * image ready-sized.
 */
export const PIX_QR_IMAGE_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, scale: 1 } as const;

const DARK = 0;
const LIGHT = 255;

/** The PNG data URL (`data:image/png;base64,…`) of `emv`. */
export function pixQrImage(emv: string): string {
  const { errorCorrectionLevel, margin } = PIX_QR_IMAGE_OPTIONS;
  const { modules } = QRCode.create(emv, { errorCorrectionLevel });
  const side = modules.size + 2 * margin;
  const pixels = Buffer.alloc(side * side, LIGHT);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) pixels[(row + margin) * side + col + margin] = DARK;
    }
  }
  // The library's PNG renderer goes through pngjs's stream (RGBA, five filters tried on each row, async deflate):
  // most of its cost. Written here at once instead: one grey byte a pixel, and the `Up` filter for every row, since a
  // QR row mostly repeats the one above it.
  const png = PNG.sync.write(Object.assign(new PNG({ width: side, height: side }), { data: pixels }), {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    filterType: 2,
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
