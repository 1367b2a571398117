import { describe, expect, it } from 'vitest';
import { brCodeError, brCodeValid, buildDynamicBrCode, crc16, parseBrCode, type DynamicBrCodeInput } from './brcode';

// Static BR Code published in BCB's "Manual de Padrões para Iniciação do Pix".
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal' +
  '6008BRASILIA62070503***63041D3D';

const CHARGE: DynamicBrCodeInput = {
  location: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
  amount: 20000,
  merchantName: 'Padaria São João',
  merchantCity: 'São Paulo',
};

// Assembled by hand, with the CRC from Python's binascii.crc_hqx(payload, 0xFFFF) (the same CRC, independently).
const CHARGE_CODE =
  '00020101021226760014br.gov.bcb.pix2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' +
  '5204000053039865406200.005802BR5916PADARIA SAO JOAO6009SAO PAULO62070503***63046815';

/** The field of a dynamic code built from CHARGE with `change` applied. */
function field(change: Partial<DynamicBrCodeInput>, id: string): unknown {
  return parseBrCode(buildDynamicBrCode({ ...CHARGE, ...change }))[id];
}

describe('crc16', () => {
  it('gives the CRC-16/CCITT-FALSE check value', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('returns the initial value for empty input and always four upper-case digits', () => {
    expect(crc16('')).toBe('FFFF');
    for (const s of ['a', 'pix', '0002', BCB_EXAMPLE]) expect(crc16(s)).toMatch(/^[0-9A-F]{4}$/);
  });

  it('reproduces the CRC of the BCB example (1D3D) over the payload including "6304"', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('is computed over UTF-8 bytes, not UTF-16 code units', () => {
    // Reference values from binascii.crc_hqx over the UTF-8 encoding.
    expect(crc16('São Paulo')).toBe('E390');
    expect(crc16('Sao Paulo')).toBe('2523');
  });
});

describe('parseBrCode', () => {
  it('splits the BCB example into nested fields', () => {
    expect(parseBrCode(BCB_EXAMPLE)).toEqual({
      '00': '01',
      '26': { '00': 'br.gov.bcb.pix', '01': '123e4567-e12b-12d1-a456-426655440000' },
      '52': '0000',
      '53': '986',
      '58': 'BR',
      '59': 'Fulano de Tal',
      '60': 'BRASILIA',
      '62': { '05': '***' },
      '63': '1D3D',
    });
  });

  it('throws on a cut-short field, a non-numeric header and a repeated ID', () => {
    expect(() => parseBrCode('000201260')).toThrow(/2-digit ID/);
    expect(() => parseBrCode('00020159051234')).toThrow(/field 59 is cut short/);
    expect(() => parseBrCode('0002015x02ab')).toThrow(/2-digit ID/);
    expect(() => parseBrCode('000201000201')).toThrow(/field 00 appears twice/);
    expect(() => parseBrCode('0002012604abcd')).toThrow(/field 26/);
  });

  it('parses an empty payload to no fields', () => {
    expect(parseBrCode('')).toEqual({});
  });
});

describe('brCodeValid', () => {
  it('accepts the BCB example', () => {
    expect(brCodeError(BCB_EXAMPLE)).toBeNull();
    expect(brCodeValid(BCB_EXAMPLE)).toBe(true);
  });

  it('refuses every one-character change of the BCB example and of a built code', () => {
    for (const code of [BCB_EXAMPLE, CHARGE_CODE]) {
      for (let i = 0; i < code.length; i++) {
        const other = code[i] === '0' ? '1' : '0';
        const changed = code.slice(0, i) + other + code.slice(i + 1);
        expect(brCodeValid(changed), `position ${i}`).toBe(false);
      }
    }
  });

  it('refuses a wrong CRC, a lower-case CRC and a missing CRC', () => {
    expect(brCodeError(BCB_EXAMPLE.replace(/1D3D$/, '1D3E'))).toBe('CRC mismatch: expected 1D3D');
    expect(brCodeValid(BCB_EXAMPLE.replace(/1D3D$/, '1d3d'))).toBe(false);
    expect(brCodeError(BCB_EXAMPLE.slice(0, -8))).toMatch(/field 63/);
  });

  it('refuses a payload that does not start with 000201', () => {
    expect(brCodeError(BCB_EXAMPLE.slice(6))).toMatch(/field 00/);
  });

  it('refuses "6304" hidden at the end of another field', () => {
    // No field 63 at all: the tail "6304XXXX" is the value of sub-field 99 inside field 62.
    const head = BCB_EXAMPLE.slice(0, BCB_EXAMPLE.indexOf('62070503***')) + '62190503***9908';
    const fake = head + '6304' + crc16(head + '6304');
    expect(brCodeError(fake)).toBe('field 63 must be the last field');
  });

  it('refuses codes that are well-formed TLV but not PIX', () => {
    const resign = (payload: string): string => payload + crc16(payload);
    const body = BCB_EXAMPLE.slice(0, -4);
    expect(brCodeError(resign(body.replace('br.gov.bcb.pix', 'br.gov.bcb.xyz')))).toMatch(/GUI/);
    expect(brCodeError(resign(body.replace('5303986', '5303840')))).toMatch(/986/);
    expect(brCodeError(resign(body.replace('5802BR', '5802US')))).toMatch(/58/);
    expect(brCodeError(resign(body.replace('62070503***', '62079903***')))).toMatch(/txid/);
    expect(brCodeError(resign(body.replace('62070503***', '')))).toMatch(/txid/);
    expect(brCodeError(resign(body.replace('52040000', '')))).toMatch(/52/);
    expect(brCodeError(resign(body.replace('000201', '000201010213')))).toMatch(/01/);
    expect(brCodeError(resign(body.replace('5802BR', '54041,005802BR')))).toMatch(/54/);
  });

  it('refuses a merchant name or city that is empty or too long', () => {
    const resign = (payload: string): string => payload + crc16(payload);
    const body = BCB_EXAMPLE.slice(0, -4);
    expect(brCodeError(resign(body.replace('5913Fulano de Tal', '5926ABCDEFGHIJKLMNOPQRSTUVWXYZ')))).toMatch(/59/);
    expect(brCodeError(resign(body.replace('6008BRASILIA', '6016BRASILIABRASILIA')))).toMatch(/60/);
    expect(brCodeError(resign(body.replace('5913Fulano de Tal', '5900')))).toMatch(/59/);
  });
});

describe('buildDynamicBrCode', () => {
  it('produces the expected payload, field by field', () => {
    expect(buildDynamicBrCode(CHARGE)).toBe(CHARGE_CODE);
  });

  it('round-trips through parseBrCode and validates', () => {
    const code = buildDynamicBrCode({ ...CHARGE, txid: 'abc123XYZ' });
    expect(brCodeValid(code)).toBe(true);
    const fields = parseBrCode(code);
    expect(fields).toEqual({
      '00': '01',
      '01': '12',
      '26': { '00': 'br.gov.bcb.pix', '25': 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' },
      '52': '0000',
      '53': '986',
      '54': '200.00',
      '58': 'BR',
      '59': 'PADARIA SAO JOAO',
      '60': 'SAO PAULO',
      '62': { '05': 'abc123XYZ' },
      '63': crc16(code.slice(0, -4)),
    });
  });

  it('formats integer cents as reais without thousands separators', () => {
    expect(field({ amount: 1 }, '54')).toBe('0.01');
    expect(field({ amount: 10 }, '54')).toBe('0.10');
    expect(field({ amount: 100 }, '54')).toBe('1.00');
    expect(field({ amount: 123456789 }, '54')).toBe('1234567.89');
    expect(field({ amount: 100_000_000_00 }, '54')).toBe('100000000.00');
    expect(field({ amount: 999_999_999_999 }, '54')).toBe('9999999999.99');
  });

  it('refuses amounts that are not positive integer cents or do not fit 13 characters', () => {
    for (const amount of [0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => buildDynamicBrCode({ ...CHARGE, amount }), String(amount)).toThrow(/positive integer/);
    }
    expect(() => buildDynamicBrCode({ ...CHARGE, amount: 1_000_000_000_000 })).toThrow(/13 characters/);
  });

  it('normalises the merchant name and city to upper-case ASCII within 25 and 15 characters', () => {
    expect(field({ merchantName: 'Açaí & Pão de Queijo — Café Ltda.' }, '59')).toBe('ACAI & PAO DE QUEIJO CAFE');
    expect(field({ merchantName: '  Straße\tda  Ñoña ' }, '59')).toBe('STRASSE DA NONA');
    expect(field({ merchantName: 'ｆｕｌｌ ｗｉｄｔｈ' }, '59')).toBe('FULL WIDTH');
    expect(field({ merchantCity: 'Brasília' }, '60')).toBe('BRASILIA');
    expect(field({ merchantCity: 'São José dos Campos' }, '60')).toBe('SAO JOSE DOS CA');
    // Cut at 15 lands on a space, which is trimmed.
    expect(field({ merchantCity: 'Rio das Ostras Norte' }, '60')).toBe('RIO DAS OSTRAS');
  });

  it('refuses a name or city with nothing left after normalisation', () => {
    expect(() => buildDynamicBrCode({ ...CHARGE, merchantName: '  ' })).toThrow(/merchantName/);
    expect(() => buildDynamicBrCode({ ...CHARGE, merchantCity: '東京' })).toThrow(/merchantCity/);
  });

  it('strips the scheme from the location and keeps scheme-less locations as they are', () => {
    const bare = 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
    expect(field({ location: `HTTPS://${bare}` }, '26')).toEqual({ '00': 'br.gov.bcb.pix', '25': bare });
    expect(field({ location: bare }, '26')).toEqual({ '00': 'br.gov.bcb.pix', '25': bare });
  });

  it('accepts a 77-character location and refuses a 78-character one with a clear error', () => {
    const loc77 = `pix.example.com/${'a'.repeat(61)}`;
    expect(loc77).toHaveLength(77);
    const code = buildDynamicBrCode({ ...CHARGE, location: `https://${loc77}` });
    expect(code).toContain('26990014br.gov.bcb.pix2577');
    expect(brCodeValid(code)).toBe(true);
    expect(() => buildDynamicBrCode({ ...CHARGE, location: `https://${loc77}a` })).toThrow(
      'location is 78 characters without its scheme; at most 77 fit in field 26',
    );
  });

  it('refuses an empty location or one with spaces or non-ASCII characters', () => {
    for (const location of ['', 'https://', 'pix.example.com/a b', 'pix.exemplo.com.br/cobrança']) {
      expect(() => buildDynamicBrCode({ ...CHARGE, location }), location).toThrow(/printable ASCII/);
    }
  });

  it('uses *** without a txid and refuses a txid outside 1–25 letters or digits', () => {
    expect(field({}, '62')).toEqual({ '05': '***' });
    expect(field({ txid: 'A'.repeat(25) }, '62')).toEqual({ '05': 'A'.repeat(25) });
    for (const txid of ['', 'A'.repeat(26), 'tx-1', 'tx 1']) {
      expect(() => buildDynamicBrCode({ ...CHARGE, txid }), txid).toThrow(/txid/);
    }
  });

  it('keeps every TLV length in two digits', () => {
    const code = buildDynamicBrCode({ ...CHARGE, merchantName: 'N'.repeat(40), txid: 'T'.repeat(25) });
    const fields = parseBrCode(code);
    expect(fields['59']).toBe('N'.repeat(25));
    expect(brCodeValid(code)).toBe(true);
  });
});
