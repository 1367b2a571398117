/**
 * Renders a BR Code payload as the QR image a payer scans: the public `/pay/{token}/qr.png` of a charge, drawn on
 * request from its EMV (never at issuance, never stored). The QR library only computes the module matrix; the PNG is
 * written here as 8-bit greyscale whose repeated rows are filtered "Up" (all zeros) and deflated at the fastest level:
 * a fraction of the CPU of the library's RGBA renderer for the same pixels.
 */
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** Pixels per QR module: a ~150-character BR Code (49 modules + the quiet zone) comes out at 342 px. */
export const QR_SCALE = 6;
/** Quiet zone in modules; the QR standard asks for 4 and phone scanners struggle with less. */
export const QR_MARGIN = 4;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DARK = 0x00;
const LIGHT = 0xff;
const FILTER_NONE = 0;
const FILTER_UP = 2;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The PNG bytes of `payload` at error correction level M. Level M recovers ~15% damaged modules: enough for glare or
 * a smudged screen, while Q and H would grow an already long payload into a denser symbol that older cameras misread.
 */
export function qrPng(payload: string): Buffer {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const side = (size + 2 * QR_MARGIN) * QR_SCALE;
  const stride = side + 1;
  // Alloc fills with 0: every "Up" row after the first of a module row is already right.
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y++) {
    const row = raw.subarray(y * stride, (y + 1) * stride);
    if (y % QR_SCALE !== 0) {
      row[0] = FILTER_UP;
      continue;
    }
    row[0] = FILTER_NONE;
    row.fill(LIGHT, 1);
    const r = Math.floor(y / QR_SCALE) - QR_MARGIN;
    if (r < 0 || r >= size) continue;
    for (let c = 0; c < size; c++) {
      if (!modules.get(r, c)) continue;
      const x = 1 + (c + QR_MARGIN) * QR_SCALE;
      row.fill(DARK, x, x + QR_SCALE);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // compression, filter method and interlace: 0 (deflate, adaptive filters, none)
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

/** At most this many images are kept: the charges payers are looking at now, not every charge ever issued. */
export const QR_CACHE_ENTRIES = 256;

/**
 * `qrPng` behind a small LRU keyed by the payload: a payer's page asks for its image again when reloaded, and a BR Code
 * never changes once issued (a renewed charge has a new one, hence a new key).
 */
export function createQrCache(entries = QR_CACHE_ENTRIES): (payload: string) => Buffer {
  const cache = new Map<string, Buffer>();
  return (payload) => {
    const hit = cache.get(payload);
    if (hit) {
      cache.delete(payload);
      cache.set(payload, hit);
      return hit;
    }
    const png = qrPng(payload);
    cache.set(payload, png);
    if (cache.size > entries) cache.delete(cache.keys().next().value!);
    return png;
  };
}
