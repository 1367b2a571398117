/**
 * The inline PIX QR image of a charge (`payment.pixQrCodeImage`): its BR Code as a PNG data URL, rendered once, by
 * the background job that records the issued code (never on a request), and stored with the charge so that every
 * read and event carries the same bytes. Kept small and cheap to make (scripts/measure-qr-image.ts): about 1 KB and
 * 1.3 ms of CPU for a sandbox BR Code, where the library's defaults take 4.3 KB and 5.7 ms.
 */
import QRCode, { type QRCodeToBufferOptions } from 'qrcode';

/**
 * Level M recovers ~15% of damaged modules, as the public `/pay/{token}/qr.png` (sandbox/qr.ts) uses, so both images
 * are the same symbol, and the 4-module quiet zone the QR standard asks for. One pixel a module: every pixel more
 * multiplies the pixels to write and compress (scale 4 costs 2.5 times the CPU and the bytes); a client draws it at
 * the size it wants with nearest-neighbour scaling (CSS `image-rendering: pixelated`), and `pixQrCodeUrl` is the
 * image ready-sized.
 */
export const PIX_QR_IMAGE_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  scale: 1,
  // pngjs's own options: 8-bit greyscale (one byte a pixel, not RGBA's four), and the `Up` filter for every row
  // (a QR row mostly repeats the one above it) instead of trying all five on each row, which was most of the cost.
  rendererOpts: { colorType: 0, filterType: 2 },
} as const;

/** The PNG data URL (`data:image/png;base64,…`) of `emv`. */
export async function pixQrImage(emv: string): Promise<string> {
  const png = await QRCode.toBuffer(emv, { type: 'png', ...PIX_QR_IMAGE_OPTIONS } as QRCodeToBufferOptions);
  return `data:image/png;base64,${png.toString('base64')}`;
}
