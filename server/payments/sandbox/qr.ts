/**
 * Renders a BR Code payload as the QR image a payer scans: the public `/pay/{token}/qr.png` of a charge, drawn on
 * request from its EMV (never at issuance, never stored) as the same symbol as the inline `pixQrCodeImage`, larger,
 * then kept in a small cache.
 */
import { modulesPng, qrModules } from '../pix-qr-image';

/** Pixels per QR module: a ~180-character BR Code (53 or 57 modules + the quiet zone) comes out at 366 or 390 px. */
export const QR_SCALE = 6;
/** Quiet zone in modules; the QR standard asks for 4 and phone scanners struggle with less. */
export const QR_MARGIN = 4;

/**
 * The PNG bytes of `payload` at error correction level M. Level M recovers ~15% damaged modules: enough for glare or
 * a smudged screen, while Q and H would grow an already long payload into a denser symbol that older cameras misread.
 */
export async function qrPng(payload: string): Promise<Buffer> {
  return modulesPng(qrModules(payload, QR_MARGIN), QR_SCALE);
}

/** At most this many images are kept: the charges payers are looking at now, not every charge ever issued. */
export const QR_CACHE_ENTRIES = 256;

/**
 * `qrPng` behind a small LRU keyed by the payload: a payer's page asks for its image again when reloaded, and a BR Code
 * never changes once issued (a renewed charge has a new one, hence a new key).
 */
export function createQrCache(entries = QR_CACHE_ENTRIES): (payload: string) => Promise<Buffer> {
  const cache = new Map<string, Promise<Buffer>>();
  return (payload) => {
    const hit = cache.get(payload);
    if (hit) {
      cache.delete(payload);
      cache.set(payload, hit);
      return hit;
    }
    const png = qrPng(payload);
    cache.set(payload, png);
    // A payload the library refuses is not kept: the next request renders (and fails) again.
    png.catch(() => cache.delete(payload));
    if (cache.size > entries) cache.delete(cache.keys().next().value!);
    return png;
  };
}
