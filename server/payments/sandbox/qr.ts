/** Renders a BR Code payload as the QR image a payer scans. */
import QRCode from 'qrcode';

/** Pixels per QR module: a ~150-character BR Code then comes out near 400 px, easy to scan off a screen. */
export const QR_SCALE = 8;
/** Quiet zone in modules; the QR standard asks for 4 and phone scanners struggle with less. */
export const QR_MARGIN = 4;

// Level M recovers ~15% damaged modules: enough for glare or a smudged screen, while Q and H
// would grow an already long payload into a denser symbol that older phone cameras misread.
const OPTIONS = {
  type: 'png',
  errorCorrectionLevel: 'M',
  margin: QR_MARGIN,
  scale: QR_SCALE,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

/** A PNG data URL (`data:image/png;base64,…`) of `payload` at error correction level M. */
export async function qrPngDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { ...OPTIONS, type: 'image/png' });
}

/** The same image as PNG bytes (the public `qr.png` of a charge). */
export async function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, OPTIONS);
}
