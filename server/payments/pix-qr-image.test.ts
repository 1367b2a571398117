import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodePng, mismatchedModules } from '../testing/png';
import { PIX_QR_IMAGE_OPTIONS, pixQrImage } from './pix-qr-image';
import { buildDynamicBrCode } from './sandbox/brcode';

const BR_CODE = buildDynamicBrCode({
  location: 'pix.payments.example/qr/v2/cob/8Hq2LmZx4RtY7vKc0000000001',
  amount: 20000,
  merchantName: 'Acme Comercio Ltda',
  merchantCity: 'SAO PAULO',
});

const pngOf = (dataUrl: string) => Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');

describe('pixQrImage', () => {
  it('is a PNG data URL of the level-M module matrix of the BR Code, one pixel a module, in a 4-module quiet zone', async () => {
    const url = pixQrImage(BR_CODE);
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const image = decodePng(pngOf(url));
    const { margin, scale } = PIX_QR_IMAGE_OPTIONS;
    const qr = QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' });
    expect(image.width).toBe(qr.modules.size + 2 * margin);
    expect(image.height).toBe(image.width);
    expect(mismatchedModules(image, qr, margin, scale)).toEqual([]);
    expect(mismatchedModules(image, QRCode.create(BR_CODE, { errorCorrectionLevel: 'L' }), margin, scale).length).toBeGreaterThan(0);
  });

  it('stays small: about a kilobyte for a sandbox BR Code', async () => {
    const url = pixQrImage(BR_CODE);
    expect(url.length).toBeLessThan(1500);
  });

  it('is the same bytes for the same code, different for another', async () => {
    const other = BR_CODE.slice(0, -1) + (BR_CODE.endsWith('0') ? '1' : '0');
    expect(pixQrImage(BR_CODE)).toBe(pixQrImage(BR_CODE));
    expect(pixQrImage(other)).not.toBe(pixQrImage(BR_CODE));
  });
});
