/**
 * Reading QR images back in tests: a PNG's pixels (pngjs) handed to a QR reader (`qr/decode.js`, which locates the
 * symbol in the pixels as a camera app would), so a test sees what a payer's phone would read from the image.
 */
import { PNG } from 'pngjs';
import decodeQR from 'qr/decode.js';

export interface ScannedQr {
  width: number;
  height: number;
  /** The text the symbol carries. */
  text: string;
}

/** The size of a PNG and the text of the QR code it shows; throws when it is no PNG or no code can be read in it. */
export function scanPng(png: Buffer): ScannedQr {
  const image = PNG.sync.read(png);
  return { width: image.width, height: image.height, text: decodeQR({ width: image.width, height: image.height, data: image.data }) };
}

/** `scanPng` of a `data:image/png;base64,…` URL. */
export function scanDataUrl(url: string): ScannedQr {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(url);
  if (!match) throw new Error(`not a PNG data URL: ${url.slice(0, 40)}…`);
  return scanPng(Buffer.from(match[1]!, 'base64'));
}
