/**
 * The inline PIX QR image of a charge (`payment.pixQrCodeImage`): its BR Code as a PNG data URL, rendered once, by
 * the background job that records the issued code (never on a request), and stored with the charge so that every
 * read and event carries the same bytes. Kept small and cheap to make (scripts/measure-qr-image.ts): about 1 KB and
 * about 0.3 ms of CPU for a sandbox BR Code. The `qrcode` library took 1.4 ms for the same image, 1 ms of it choosing
 * the mask, which put a backlog of about 1,000 PIX charges behind the workers in `npm run bench`'s POST load.
 */
import { PNG } from 'pngjs';
import { encodeQR } from 'qr';

/**
 * Level M recovers ~15% of damaged modules, as the public `/pay/{token}/qr.png` (sandbox/qr.ts) uses, so both images
 * are the same symbol, and the 4-module quiet zone the QR standard asks for. One pixel a module: every pixel more
 * multiplies the pixels to write and compress (scale 4 costs 2.5 times the CPU and the bytes); a client draws it at
 * the size it wants with nearest-neighbour scaling (CSS `image-rendering: pixelated`), and `pixQrCodeUrl` is the
 * image ready-sized.
 */
export const PIX_QR_IMAGE_OPTIONS = { ecc: 'medium', margin: 4, scale: 1 } as const;

const DARK = 0;
const LIGHT = 255;

/** The module matrix of `payload` at level M with its quiet zone (`margin` ≥ 1 modules): `true` where dark. */
export function qrModules(payload: string, margin: number = PIX_QR_IMAGE_OPTIONS.margin): boolean[][] {
  return encodeQR(payload, 'raw', { ecc: PIX_QR_IMAGE_OPTIONS.ecc, border: margin });
}

/** The PNG of a module matrix, `scale` pixels a module, one grey byte a pixel. */
export function modulesPng(modules: boolean[][], scale: number): Buffer {
  const side = modules.length * scale;
  const pixels = Buffer.alloc(side * side, LIGHT);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) pixels.fill(DARK, (y * scale + dy) * side + x * scale, (y * scale + dy) * side + (x + 1) * scale);
    }),
  );
  // One grey byte a pixel, rows unfiltered and run-length compressed at zlib's fastest level: for a QR's long runs of
  // one colour this is both the smallest (680 bytes against 857 with the `Up` filter) and the cheapest of pngjs's
  // choices (0.12 ms against 0.30 ms for its defaults).
  return PNG.sync.write(Object.assign(new PNG({ width: side, height: side }), { data: pixels }), {
    colorType: 0,
    inputColorType: 0,
    inputHasAlpha: false,
    filterType: 0,
    deflateLevel: 1,
    deflateStrategy: 3,
  });
}

/** The PNG data URL (`data:image/png;base64,…`) of `emv`. */
export function pixQrImage(emv: string): string {
  const png = modulesPng(qrModules(emv), PIX_QR_IMAGE_OPTIONS.scale);
  return `data:image/png;base64,${png.toString('base64')}`;
}
