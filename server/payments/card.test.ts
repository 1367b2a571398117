import { describe, expect, it } from 'vitest';
import { cardDigits, cardExpired, detectBrand, luhnValid, type CardBrand } from './card';

// Test PANs used by the sandbox; each must be Luhn-valid or the sandbox would refuse its own cards.
const SANDBOX_CARDS: ReadonlyArray<[string, CardBrand]> = [
  ['4111111111111111', 'visa'],
  ['5555555555554444', 'mastercard'],
  ['4000000000000002', 'visa'],
  ['4000000000009995', 'visa'],
  ['4000000000000259', 'visa'],
  ['4000000000000267', 'visa'],
  ['4000000000000119', 'visa'],
];

const AMEX = '378282246310005';
const HIPERCARD = '6062825624254001';
// Check digits computed for these bodies; the BINs span Elo's 4-, 5- and 6-prefixed ranges.
const ELO = ['6363681234567894', '4011781234567893', '4389351234567899', '5041751234567897',
  '5099991234567890', '6500311234567892', '6550581234567899'];

/** Every number that differs from `pan` in exactly one digit. */
function oneDigitVariants(pan: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < pan.length; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== pan[i]) out.push(pan.slice(0, i) + d + pan.slice(i + 1));
    }
  }
  return out;
}

describe('luhnValid', () => {
  it.each(SANDBOX_CARDS)('accepts the sandbox card %s', (pan) => {
    expect(luhnValid(pan)).toBe(true);
  });

  it('accepts the Amex, Elo and Hipercard numbers', () => {
    for (const pan of [AMEX, HIPERCARD, ...ELO]) expect(luhnValid(pan)).toBe(true);
  });

  it('refuses every single-digit change of a valid number', () => {
    // Luhn detects all single-digit errors, so not one variant may pass.
    for (const pan of ['4111111111111111', AMEX, HIPERCARD]) {
      const passing = oneDigitVariants(pan).filter(luhnValid);
      expect(passing).toEqual([]);
    }
  });

  it('refuses a last digit off by one either way', () => {
    expect(luhnValid('4111111111111110')).toBe(false);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('catches adjacent transpositions (other than 09/90)', () => {
    expect(luhnValid('1411111111111111')).toBe(false);
    expect(luhnValid('387282246310005')).toBe(false);
  });

  it('accepts lengths 13 and 19 and refuses 12 and 20', () => {
    expect(luhnValid('4111111111119')).toBe(true);
    expect(luhnValid('4111111111111111110')).toBe(true);
    expect(luhnValid('000000000000')).toBe(false);
    expect(luhnValid('00000000000000000000')).toBe(false);
  });

  it('refuses separators, signs, letters and empty input', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('4111-1111-1111-1111')).toBe(false);
    expect(luhnValid('+411111111111111')).toBe(false);
    expect(luhnValid('411111111111111a')).toBe(false);
    expect(luhnValid('４１１１１１１１１１１１１１１１')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('detectBrand', () => {
  it.each(SANDBOX_CARDS)('labels %s as %s', (pan, brand) => {
    expect(detectBrand(pan)).toBe(brand);
  });

  it('labels Amex 34 and 37, 15 digits only', () => {
    expect(detectBrand(AMEX)).toBe('amex');
    expect(detectBrand('341111111111111')).toBe('amex');
    expect(detectBrand('3782822463100050')).toBeNull();
    expect(detectBrand('351111111111111')).toBeNull();
  });

  it('labels Elo in all its ranges, ahead of Visa for 4-prefixed BINs', () => {
    for (const pan of ELO) expect(detectBrand(pan)).toBe('elo');
    for (const bin of ['401179', '431274', '451416', '457393', '457631', '457632', '506699', '506778',
      '509000', '627780', '636297', '650033', '650035', '650051', '650405', '650439', '650485',
      '650538', '650541', '650598', '650700', '650718', '650720', '650727', '650901', '650978',
      '651652', '651679', '655000', '655019', '655021']) {
      expect(detectBrand(`${bin}0000000000`), bin).toBe('elo');
    }
  });

  it('does not stretch Elo ranges past their ends', () => {
    expect(detectBrand('4011770000000000')).toBe('visa');
    expect(detectBrand('4011800000000000')).toBe('visa');
    for (const bin of ['650034', '650030', '650052', '650719', '655020', '655059', '506698', '506779']) {
      expect(detectBrand(`${bin}0000000000`), bin).toBeNull();
    }
  });

  it('requires 16 digits for Elo rather than falling back to Visa', () => {
    expect(detectBrand('4011781234567')).toBeNull();
    expect(detectBrand('4011781234567890123')).toBeNull();
  });

  it('labels Hipercard BINs at 13, 16 and 19 digits', () => {
    expect(detectBrand(HIPERCARD)).toBe('hipercard');
    expect(detectBrand('3841001234560')).toBe('hipercard');
    expect(detectBrand('3841001234567894')).toBe('hipercard');
    expect(detectBrand('3841001234567890122')).toBe('hipercard');
    for (const bin of ['384140', '384160', '637095', '637568', '637599', '637609', '637612']) {
      expect(detectBrand(`${bin}0000000000`), bin).toBe('hipercard');
    }
    expect(detectBrand('384101000000000')).toBeNull();
    expect(detectBrand('60628200000000')).toBeNull();
  });

  it('labels Mastercard 51–55 and 2221–2720 at 16 digits only', () => {
    expect(detectBrand('5105105105105100')).toBe('mastercard');
    expect(detectBrand('5500000000000004')).toBe('mastercard');
    expect(detectBrand('2221000000000009')).toBe('mastercard');
    expect(detectBrand('2720999999999996')).toBe('mastercard');
    expect(detectBrand('2220990000000000')).toBeNull();
    expect(detectBrand('2721000000000000')).toBeNull();
    expect(detectBrand('5000000000000000')).toBeNull();
    expect(detectBrand('5600000000000000')).toBeNull();
    expect(detectBrand('555555555555444')).toBeNull();
    expect(detectBrand('5555555555554444000')).toBeNull();
  });

  it('labels Visa at 13, 16 and 19 digits only', () => {
    expect(detectBrand('4111111111119')).toBe('visa');
    expect(detectBrand('4111111111111111110')).toBe('visa');
    expect(detectBrand('41111111111111')).toBeNull();
    expect(detectBrand('411111111111111')).toBeNull();
    expect(detectBrand('41111111111111111')).toBeNull();
  });

  it('returns null for unknown prefixes and malformed input', () => {
    expect(detectBrand('6011111111111117')).toBeNull();
    expect(detectBrand('3530111333300000')).toBeNull();
    expect(detectBrand('4111 1111 1111 1111')).toBeNull();
    expect(detectBrand('')).toBeNull();
  });
});

describe('cardExpired', () => {
  const at = (iso: string): Date => new Date(iso);

  it('is valid through the last millisecond of the expiry month, in UTC', () => {
    expect(cardExpired(4, 2030, at('2030-04-30T23:59:59.999Z'))).toBe(false);
    expect(cardExpired(4, 2030, at('2030-05-01T00:00:00.000Z'))).toBe(true);
  });

  it('ignores the local offset of `now`', () => {
    // 21:00 on 30 April in São Paulo is already 1 May in UTC.
    expect(cardExpired(4, 2030, at('2030-04-30T21:00:00-03:00'))).toBe(true);
    expect(cardExpired(5, 2030, at('2030-05-31T20:59:59-03:00'))).toBe(false);
  });

  it('rolls a December expiry into January of the next year', () => {
    expect(cardExpired(12, 2029, at('2029-12-31T23:59:59.999Z'))).toBe(false);
    expect(cardExpired(12, 2029, at('2030-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('handles February in leap and common years', () => {
    expect(cardExpired(2, 2028, at('2028-02-29T12:00:00Z'))).toBe(false);
    expect(cardExpired(2, 2028, at('2028-03-01T00:00:00Z'))).toBe(true);
    expect(cardExpired(2, 2027, at('2027-02-28T23:59:59Z'))).toBe(false);
    expect(cardExpired(2, 2027, at('2027-03-01T00:00:00Z'))).toBe(true);
  });

  it('is valid from the start of and long before the expiry month', () => {
    expect(cardExpired(1, 2030, at('2030-01-01T00:00:00Z'))).toBe(false);
    expect(cardExpired(1, 2030, at('2020-06-15T00:00:00Z'))).toBe(false);
    expect(cardExpired(1, 2030, at('2031-01-15T00:00:00Z'))).toBe(true);
  });

  it('refuses months outside 1–12 and non-four-digit years', () => {
    expect(() => cardExpired(0, 2030, new Date())).toThrow(RangeError);
    expect(() => cardExpired(13, 2030, new Date())).toThrow(RangeError);
    expect(() => cardExpired(1.5, 2030, new Date())).toThrow(RangeError);
    expect(() => cardExpired(1, 30, new Date())).toThrow(/four-digit/);
    expect(() => cardExpired(1, Number.NaN, new Date())).toThrow(RangeError);
  });
});

describe('cardDigits', () => {
  it('keeps the BIN and the last four', () => {
    expect(cardDigits('4111111111111111')).toEqual({ first6: '411111', last4: '1111' });
    expect(cardDigits(AMEX)).toEqual({ first6: '378282', last4: '0005' });
    expect(cardDigits('4111111111119')).toEqual({ first6: '411111', last4: '1119' });
  });

  it('throws rather than slicing malformed input', () => {
    expect(() => cardDigits('4111 1111 1111 1111')).toThrow(/13–19 digits/);
    expect(() => cardDigits('411111')).toThrow(/13–19 digits/);
  });
});
