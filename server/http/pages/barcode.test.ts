import { describe, expect, it } from 'vitest';
import { decodeI2of5 } from '../../testing/i2of5';
import { billetBarcodeSvg } from './barcode';

describe('billet barcode', () => {
  it('encodes the 44 digits as interleaved 2-of-5 bars', () => {
    const digits = '34196138800000150001570001234567890100450000';
    const svg = billetBarcodeSvg(digits);
    expect(svg).toMatch(/^<svg role="img" aria-label="Código de barras do boleto"/);
    expect(decodeI2of5(svg)).toBe(digits);
  });

  it('refuses anything but 44 digits', () => {
    expect(() => billetBarcodeSvg('123')).toThrow('44 digits');
  });
});
