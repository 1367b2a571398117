import { describe, expect, it } from 'vitest';
import {
  BoletoError,
  barcodeFromDigitableLine,
  boletoValid,
  buildBoleto,
  dueDateFactor,
  formatDigitableLine,
  mod10,
  mod11Barcode,
  sandboxFreeField,
} from './boleto';

// Itaú's worked example from "Cobrança Itaú – especificações técnicas do boleto" (annexes 2 to 4): agency 0057,
// account 12345-7, portfolio 110, nosso número 12345678-8, R$ 123,45 due 2002-05-01 (factor 1667). The PDF itself
// could not be read from here; the digits come from code that quotes the manual, and are recomputed below.
const ITAU = {
  barcode: '34196166700000123451101234567880057123457000',
  line: '34191101213456788005871234570001616670000012345',
  printed: '34191.10121 34567.880058 71234.570001 6 16670000012345',
  freeField: '1101234567880057123457000',
};

// Quoted as HSBC's documentation example in the spec of the boleto_bancario gem (tomas-stefano/boleto_bancario).
const HSBC = {
  barcode: '39998100100000311551111122222500546666666001',
  printed: '39991.11119 22222.500542 66666.660015 8 10010000031155',
};

/** `s` with the digit at `index` replaced by (digit + delta) mod 10. */
function bump(s: string, index: number, delta = 1): string {
  const d = (Number(s[index]) + delta) % 10;
  return s.slice(0, index) + String(d) + s.slice(index + 1);
}

function errorKind(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof BoletoError) return err.kind;
    throw err;
  }
  return undefined;
}

describe('mod10 (digitable-line field DV)', () => {
  it('recomputes the three field DVs printed in the Itaú example', () => {
    expect(mod10('341911012')).toBe(1);
    expect(mod10('3456788005')).toBe(8);
    expect(mod10('7123457000')).toBe(1);
  });

  it('recomputes the Itaú nosso-número and account DACs, which use the same module 10', () => {
    expect(mod10('0057' + '12345' + '110' + '12345678')).toBe(8);
    expect(mod10('0057' + '12345')).toBe(7);
  });

  it('sums the digits of two-digit products and maps a zero remainder to 0', () => {
    expect(mod10('9')).toBe(1); // 9×2 = 18 → 1+8 = 9 → 10-9
    expect(mod10('0')).toBe(0);
    expect(mod10('55')).toBe(4); // 5×1 + (5×2 → 1+0) = 6 → 10-6
    expect(mod10('19')).toBe(0); // 1×1 + (9×2 → 1+8) = 10 → 0, not 10
  });

  it('refuses anything but digits', () => {
    expect(errorKind(() => mod10(''))).toBe('format');
    expect(errorKind(() => mod10('12a'))).toBe('format');
  });
});

describe('mod11Barcode (general DV)', () => {
  it('recomputes the general DV of the published examples', () => {
    expect(mod11Barcode('3419166700000123451101234567880057123457000')).toBe(6);
    expect(mod11Barcode('3999100100000311551111122222500546666666001')).toBe(8);
  });

  it('turns results 0, 10 and 11 into 1', () => {
    expect(mod11Barcode('1')).toBe(9); // 1×2 = 2 → 11-2
    expect(mod11Barcode('0')).toBe(1); // remainder 0 → 11
    expect(mod11Barcode('6')).toBe(1); // 12 → remainder 1 → 10
    expect(mod11Barcode('5')).toBe(1); // 10 → remainder 10 → 1
  });

  it('cycles the weights 2..9 from the right', () => {
    // Weights for 9 digits from the right: 2,3,4,5,6,7,8,9,2 → sum of weights 46 → 46 % 11 = 2 → DV 9.
    expect(mod11Barcode('111111111')).toBe(9);
  });

  it('refuses anything but digits', () => {
    expect(errorKind(() => mod11Barcode('12 3'))).toBe('format');
  });
});

describe('dueDateFactor', () => {
  it('matches the published factor table of the first cycle', () => {
    expect(dueDateFactor('2000-07-03')).toBe('1000');
    expect(dueDateFactor('2000-07-05')).toBe('1002');
    expect(dueDateFactor('2002-05-01')).toBe('1667');
    expect(dueDateFactor('2010-11-17')).toBe('4789');
    expect(dueDateFactor('2025-02-21')).toBe('9999');
  });

  it('restarts at 1000 on 2025-02-22, the FEBRABAN rollover', () => {
    expect(dueDateFactor('2025-02-22')).toBe('1000');
    expect(dueDateFactor('2025-02-23')).toBe('1001');
    expect(dueDateFactor('2049-10-13')).toBe('9999');
  });

  it('refuses dates that four digits cannot name', () => {
    expect(errorKind(() => dueDateFactor('1997-10-07'))).toBe('dueDateOutOfRange'); // would be 0000
    expect(errorKind(() => dueDateFactor('2000-07-02'))).toBe('dueDateOutOfRange'); // would be 0999
    expect(errorKind(() => dueDateFactor('2049-10-14'))).toBe('dueDateOutOfRange'); // second cycle's 10000
  });

  it('refuses malformed and non-existent dates', () => {
    expect(errorKind(() => dueDateFactor('2025-2-21'))).toBe('format');
    expect(errorKind(() => dueDateFactor('21/02/2025'))).toBe('format');
    expect(errorKind(() => dueDateFactor('2025-02-30'))).toBe('format');
    expect(errorKind(() => dueDateFactor('2024-13-01'))).toBe('format');
    expect(dueDateFactor('2024-02-29')).toBe('9641'); // a leap day exists: 358 days before 9999
  });
});

describe('published examples', () => {
  it('accepts the Itaú line, plain and printed, and decodes its barcode', () => {
    expect(boletoValid(ITAU.line)).toBe(true);
    expect(boletoValid(ITAU.printed)).toBe(true);
    expect(boletoValid(ITAU.barcode)).toBe(true);
    expect(barcodeFromDigitableLine(ITAU.line)).toBe(ITAU.barcode);
    expect(barcodeFromDigitableLine(ITAU.printed)).toBe(ITAU.barcode);
    expect(formatDigitableLine(ITAU.line)).toBe(ITAU.printed);
  });

  it('rebuilds the Itaú barcode and line from its parts', () => {
    const built = buildBoleto({ bankCode: '341', amount: 12345, dueDate: '2002-05-01', freeField: ITAU.freeField });
    expect(built).toEqual({ barcode: ITAU.barcode, digitableLine: ITAU.line });
  });

  it('accepts the HSBC example', () => {
    expect(boletoValid(HSBC.printed)).toBe(true);
    expect(boletoValid(HSBC.barcode)).toBe(true);
    expect(barcodeFromDigitableLine(HSBC.printed)).toBe(HSBC.barcode);
  });

  it('rejects a mistranscription of the Itaú example found in the wild (portfolio 109 with DV 6)', () => {
    // The gem quotes this barcode as Itaú's; with portfolio 109 instead of 110 the general DV would be 9.
    expect(boletoValid('34196166700000123451091234567880057123457000')).toBe(false);
  });
});

describe('every check digit is checked', () => {
  const cases = [
    { field: 1, index: 6, kind: 'fieldCheckDigit' },
    { field: 2, index: 13, kind: 'fieldCheckDigit' },
    { field: 3, index: 25, kind: 'fieldCheckDigit' },
    { field: 4, index: 32, kind: 'generalCheckDigit' },
    { field: 5, index: 40, kind: 'generalCheckDigit' },
  ] as const;

  for (const { field, index, kind } of cases) {
    it(`catches one changed digit in field ${field}`, () => {
      const changed = bump(ITAU.line, index);
      expect(boletoValid(changed)).toBe(false);
      expect(errorKind(() => barcodeFromDigitableLine(changed))).toBe(kind);
    });
  }

  it('catches a changed field DV digit itself', () => {
    for (const dvAt of [9, 20, 31]) {
      expect(errorKind(() => barcodeFromDigitableLine(bump(ITAU.line, dvAt)))).toBe('fieldCheckDigit');
    }
  });

  it('catches every single-digit change of the Itaú line and barcode', () => {
    for (const code of [ITAU.line, ITAU.barcode]) {
      for (let i = 0; i < code.length; i++) {
        for (let delta = 1; delta <= 9; delta++) expect(boletoValid(bump(code, i, delta))).toBe(false);
      }
    }
  });

  it('refuses what is not a bank boleto', () => {
    expect(boletoValid('')).toBe(false);
    expect(boletoValid(ITAU.line.slice(1))).toBe(false);
    expect(boletoValid(ITAU.barcode + '0')).toBe(false);
    expect(boletoValid('836400000011331201380002812884627116080136181551')).toBe(false); // 48-digit utility bill
    expect(boletoValid(ITAU.printed.replace(/\./g, '-'))).toBe(false);
    expect(boletoValid(` ${ITAU.line}`)).toBe(false);
  });
});

describe('buildBoleto', () => {
  const input = { bankCode: '999', amount: 15000, dueDate: '2025-02-23', freeField: sandboxFreeField('42') };

  it('lays out the barcode: bank, currency 9, DV, factor, amount, free field', () => {
    const { barcode } = buildBoleto(input);
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 3)).toBe('999');
    expect(barcode[3]).toBe('9');
    expect(barcode[4]).toBe(String(mod11Barcode(barcode.slice(0, 4) + barcode.slice(5))));
    expect(barcode.slice(5, 9)).toBe('1001');
    expect(barcode.slice(9, 19)).toBe('0000015000'); // positions 10–19, 1-based
    expect(barcode.slice(19)).toBe(input.freeField);
  });

  it('lays out the digitable line and round-trips build → line → barcode', () => {
    const { barcode, digitableLine } = buildBoleto(input);
    expect(digitableLine).toHaveLength(47);
    expect(digitableLine.slice(0, 9)).toBe('9999' + input.freeField.slice(0, 5));
    expect(digitableLine.slice(10, 20)).toBe(input.freeField.slice(5, 15));
    expect(digitableLine.slice(21, 31)).toBe(input.freeField.slice(15, 25));
    expect(digitableLine[32]).toBe(barcode[4]);
    expect(digitableLine.slice(33)).toBe('1001' + '0000015000');
    expect(barcodeFromDigitableLine(digitableLine)).toBe(barcode);
    expect(barcodeFromDigitableLine(formatDigitableLine(digitableLine))).toBe(barcode);
    expect(boletoValid(digitableLine)).toBe(true);
  });

  it('round-trips across amounts and both factor cycles', () => {
    const dates = ['2000-07-03', '2012-06-30', '2025-02-21', '2025-02-22', '2049-10-13'];
    const amounts = [0, 1, 99, 15000, 123456789, 9_999_999_999];
    for (const dueDate of dates) {
      for (const amount of amounts) {
        const { barcode, digitableLine } = buildBoleto({ ...input, dueDate, amount });
        expect(barcodeFromDigitableLine(digitableLine)).toBe(barcode);
        expect(Number(barcode.slice(9, 19))).toBe(amount);
        expect(barcode.slice(5, 9)).toBe(dueDateFactor(dueDate));
      }
    }
  });

  it('refuses malformed input', () => {
    expect(errorKind(() => buildBoleto({ ...input, bankCode: '34' }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, bankCode: '34a' }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, freeField: input.freeField.slice(1) }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, amount: -1 }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, amount: 1.5 }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, amount: 10_000_000_000 }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, amount: Number.NaN }))).toBe('format');
    expect(errorKind(() => buildBoleto({ ...input, dueDate: '1999-01-01' }))).toBe('dueDateOutOfRange');
  });
});

describe('formatDigitableLine', () => {
  it('prints five groups with dots after the fifth digit of the first three', () => {
    expect(formatDigitableLine(HSBC.printed)).toBe(HSBC.printed);
    expect(formatDigitableLine('0'.repeat(47))).toBe('00000.00000 00000.000000 00000.000000 0 00000000000000');
  });

  it('refuses a line of the wrong length or with other characters', () => {
    expect(errorKind(() => formatDigitableLine(ITAU.line.slice(1)))).toBe('format');
    expect(errorKind(() => formatDigitableLine(ITAU.line.replace('3', 'x')))).toBe('format');
  });
});

describe('sandboxFreeField', () => {
  it('lays out agency, padded reference, its DV, account, account DV and a zero', () => {
    const free = sandboxFreeField('42');
    expect(free).toHaveLength(25);
    expect(free.slice(0, 4)).toBe('1234');
    expect(free.slice(4, 15)).toBe('00000000042');
    expect(free[15]).toBe(String(mod10('1234' + '0012345' + '00000000042')));
    expect(free.slice(16, 23)).toBe('0012345');
    expect(free[23]).toBe(String(mod10('1234' + '0012345')));
    expect(free[24]).toBe('0');
  });

  it('takes another agency and account, and an 11-digit reference as is', () => {
    const free = sandboxFreeField('98765432101', '0057', '0123457');
    expect(free.slice(0, 4)).toBe('0057');
    expect(free.slice(4, 15)).toBe('98765432101');
    expect(free.slice(16, 23)).toBe('0123457');
  });

  it('gives different references different free fields', () => {
    expect(sandboxFreeField('1')).not.toBe(sandboxFreeField('10'));
  });

  it('refuses a reference, agency or account of the wrong shape', () => {
    expect(errorKind(() => sandboxFreeField(''))).toBe('format');
    expect(errorKind(() => sandboxFreeField('123456789012'))).toBe('format');
    expect(errorKind(() => sandboxFreeField('12-3'))).toBe('format');
    expect(errorKind(() => sandboxFreeField('1', '123'))).toBe('format');
    expect(errorKind(() => sandboxFreeField('1', '1234', '12345'))).toBe('format');
  });
});
