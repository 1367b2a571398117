import { encodeQR } from 'qr';
import { describe, expect, it } from 'vitest';
import { scanDataUrl } from '../testing/png';
import { PIX_QR_IMAGE_OPTIONS, pixQrImage, qrModules } from './pix-qr-image';
import { buildDynamicBrCode } from './sandbox/brcode';

const BR_CODE = buildDynamicBrCode({
  location: 'pix.payments.example/qr/v2/cob/8Hq2LmZx4RtY7vKc0000000001',
  amount: 20000,
  merchantName: 'Acme Comercio Ltda',
  merchantCity: 'SAO PAULO',
});

describe('pixQrImage', () => {
  it('is a PNG data URL that a QR reader reads as the BR Code, one pixel a module, in a 4-module quiet zone', () => {
    const url = pixQrImage(BR_CODE);
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const scanned = scanDataUrl(url);
    expect(scanned.text).toBe(BR_CODE);
    const { margin, scale } = PIX_QR_IMAGE_OPTIONS;
    const symbol = qrModules(BR_CODE).length - 2 * margin;
    expect(scanned.width).toBe((symbol + 2 * margin) * scale);
    expect(scanned.height).toBe(scanned.width);
  });

  it('stays small: about a kilobyte, also for the longest BR Code the sandbox issues', () => {
    expect(pixQrImage(BR_CODE).length).toBeLessThan(1024);
    const longest = buildDynamicBrCode({
      location: 'pix.payments.example/qr/v2/cob/8Hq2LmZx4RtY7vKc0000000001',
      amount: 99_999_999_999,
      merchantName: 'ACME COMERCIO DE ARTIGOS LTDA',
      merchantCity: 'SAO JOSE DOS CAMPOS',
    });
    expect(scanDataUrl(pixQrImage(longest)).text).toBe(longest);
    expect(pixQrImage(longest).length).toBeLessThan(1200);
  });

  it('is the same bytes for the same code, different for another', () => {
    const other = BR_CODE.slice(0, -1) + (BR_CODE.endsWith('0') ? '1' : '0');
    expect(pixQrImage(BR_CODE)).toBe(pixQrImage(BR_CODE));
    expect(pixQrImage(other)).not.toBe(pixQrImage(BR_CODE));
    expect(scanDataUrl(pixQrImage(other)).text).toBe(other);
  });

  it('draws the symbol at level M inside a white quiet zone', () => {
    const modules = qrModules(BR_CODE);
    const { margin } = PIX_QR_IMAGE_OPTIONS;
    const zone = modules.flatMap((row, y) => row.filter((_, x) => Math.min(x, y) < margin || Math.max(x, y) >= modules.length - margin));
    expect(zone.length).toBeGreaterThan(0);
    expect(zone.some(Boolean)).toBe(false);
    // The format bits carry the level: the same code at level L is another matrix.
    expect(encodeQR(BR_CODE, 'raw', { ecc: 'low', border: margin })).not.toEqual(modules);
    expect(encodeQR(BR_CODE, 'raw', { ecc: 'medium', border: margin })).toEqual(modules);
  });
});
