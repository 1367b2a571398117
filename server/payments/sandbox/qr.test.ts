import { describe, expect, it } from 'vitest';
import { buildDynamicBrCode } from './brcode';
import { createQrCache, QR_MARGIN, QR_SCALE, qrPng } from './qr';
import { scanPng } from '../../testing/png';
import { qrModules } from '../pix-qr-image';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const BR_CODE = buildDynamicBrCode({
  location: 'https://pix.example.com/qr/v2/cob/9d36b84fc70b478fb95c12729b90ca25',
  amount: 20000,
  merchantName: 'Padaria São João',
  merchantCity: 'São Paulo',
});

describe('qrPng', () => {
  it('returns a PNG whose IHDR says a square image', async () => {
    const png = await qrPng(BR_CODE);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBeGreaterThan(0);
    expect(png.readUInt32BE(20)).toBe(png.readUInt32BE(16));
  });

  it('sizes the image as (modules + 2 × margin) × scale, a few hundred pixels for a BR Code', async () => {
    const modules = qrModules(BR_CODE, QR_MARGIN).length - 2 * QR_MARGIN;
    const { width, height } = scanPng(await qrPng(BR_CODE));
    expect(width).toBe((modules + 2 * QR_MARGIN) * QR_SCALE);
    expect(height).toBe(width);
    expect(width).toBeGreaterThanOrEqual(300);
    expect(width).toBeLessThanOrEqual(800);
  });

  it('is read by a QR reader as the payload, the same symbol as the inline image', async () => {
    expect(scanPng(await qrPng(BR_CODE)).text).toBe(BR_CODE);
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
