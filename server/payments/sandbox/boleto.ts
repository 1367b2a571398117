/**
 * Boleto bancário (FEBRABAN "cobrança" layout): the 44-digit barcode, the 47-digit digitable line, their check
 * digits and the due-date factor. Bank-specific content lives only in the 25-digit free field ("campo livre").
 */

/** The two representations of one boleto: what the scanner reads and what a payer types. */
export interface Boleto {
  /** 44 digits: bank(3) currency(1) DV(1) factor(4) amount(10) free field(25). */
  barcode: string;
  /** 47 digits, no punctuation; see `formatDigitableLine` for the printed form. */
  digitableLine: string;
}

/** What `buildBoleto` needs; everything bank-specific is already inside `freeField`. */
export interface BoletoInput {
  /** The bank's 3-digit compensation code (e.g. '341'). */
  bankCode: string;
  /** Integer cents, 0–9 999 999 999; 0 is the layout's "amount filled in by the payer". */
  amount: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** 25 digits whose layout each bank defines. */
  freeField: string;
}

/** Which rule a rejected input broke. */
export type BoletoErrorKind = 'format' | 'dueDateOutOfRange' | 'fieldCheckDigit' | 'generalCheckDigit';

/** Thrown for input that cannot be a boleto; `kind` says which rule it broke. */
export class BoletoError extends Error {
  constructor(readonly kind: BoletoErrorKind, message: string) {
    super(message);
    this.name = 'BoletoError';
  }
}

// '9' is the real; '0' ("other currency") exists in the layout but nothing here issues it.
const CURRENCY_REAL = '9';
const MAX_AMOUNT = 9_999_999_999;
const DAY_MS = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);
// Factor 1000 of the first cycle: nothing earlier can be written with four digits that mean a date.
const FIRST_CYCLE_START = Date.UTC(2000, 6, 3);
// FEBRABAN's rollover: 9999 was 2025-02-21, so the factor restarts at 1000 on the next day.
const SECOND_CYCLE_START = Date.UTC(2025, 1, 22);
const LAST_SECOND_CYCLE_DAY = SECOND_CYCLE_START + 8_999 * DAY_MS;

const DIGITS = /^\d+$/;
// The printed form is accepted only in exactly the shape `formatDigitableLine` writes, so a stray character is
// still refused rather than silently dropped.
const PRINTED_LINE = /^(\d{5})\.(\d{5}) (\d{5})\.(\d{6}) (\d{5})\.(\d{6}) (\d) (\d{14})$/;

function requireDigits(value: string, length: number | null, what: string): void {
  if (!DIGITS.test(value) || (length !== null && value.length !== length)) {
    const size = length === null ? '' : `${length} `;
    throw new BoletoError('format', `${what} must be ${size}digits`);
  }
}

/** Module-10 check digit of a digitable-line field: weights 2,1,2,1… from the right, digits of products summed. */
export function mod10(digits: string): number {
  requireDigits(digits, null, 'mod10 input');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += Math.floor(product / 10) + (product % 10);
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Module-11 general check digit of the barcode, computed over the 43 digits that remain once position 5 is
 * removed: weights 2..9 cycling from the right, DV = 11 - sum % 11, and 0, 10 or 11 become 1.
 */
export function mod11Barcode(digits: string): number {
  requireDigits(digits, null, 'mod11 input');
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  // The general DV is never 0: position 5 holding 0 would be indistinguishable from a missing digit.
  return dv === 0 || dv >= 10 ? 1 : dv;
}

function parseIsoDate(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new BoletoError('format', `due date must be YYYY-MM-DD, got "${date}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2025-02-30 over to March; a round trip catches dates that do not exist.
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) {
    throw new BoletoError('format', `due date ${date} does not exist`);
  }
  return time;
}

/**
 * The 4-digit due-date factor: days since 1997-10-07 up to 9999 (2025-02-21), then 1000 + days since 2025-02-22.
 * Throws outside 2000-07-03 … 2049-10-13, where four digits cannot name the date.
 */
export function dueDateFactor(dueDate: string): string {
  const time = parseIsoDate(dueDate);
  if (time < FIRST_CYCLE_START || time > LAST_SECOND_CYCLE_DAY) {
    throw new BoletoError('dueDateOutOfRange', `due date ${dueDate} is outside the factor's two cycles`);
  }
  const factor = time < SECOND_CYCLE_START
    ? (time - FACTOR_BASE) / DAY_MS
    : 1000 + (time - SECOND_CYCLE_START) / DAY_MS;
  return String(factor);
}

/** Barcode and digitable line for one boleto; throws `BoletoError` on malformed input. */
export function buildBoleto(input: BoletoInput): Boleto {
  requireDigits(input.bankCode, 3, 'bank code');
  requireDigits(input.freeField, 25, 'free field');
  if (!Number.isSafeInteger(input.amount) || input.amount < 0 || input.amount > MAX_AMOUNT) {
    throw new BoletoError('format', `amount must be integer cents from 0 to ${MAX_AMOUNT}`);
  }
  const factor = dueDateFactor(input.dueDate);
  const amount = String(input.amount).padStart(10, '0');
  const withoutDv = input.bankCode + CURRENCY_REAL + factor + amount + input.freeField;
  const barcode = withoutDv.slice(0, 4) + String(mod11Barcode(withoutDv)) + withoutDv.slice(4);
  return { barcode, digitableLine: lineFromBarcode(barcode) };
}

function withMod10(field: string): string {
  return field + String(mod10(field));
}

function lineFromBarcode(barcode: string): string {
  const free = barcode.slice(19);
  return (
    withMod10(barcode.slice(0, 4) + free.slice(0, 5)) +
    withMod10(free.slice(5, 15)) +
    withMod10(free.slice(15, 25)) +
    barcode.slice(4, 5) +
    barcode.slice(5, 19)
  );
}

function plainLine(line: string): string {
  const printed = PRINTED_LINE.exec(line);
  const plain = printed ? printed.slice(1).join('') : line;
  requireDigits(plain, 47, 'digitable line');
  return plain;
}

/** The printed form `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE` of a 47-digit line. */
export function formatDigitableLine(line: string): string {
  const d = plainLine(line);
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ` +
    `${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

function barcodeGeneralDvOk(barcode: string): boolean {
  return mod11Barcode(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

/**
 * The 44-digit barcode a digitable line encodes (plain 47 digits or the printed form). Throws `BoletoError`
 * when any of the three field DVs or the general DV is wrong, as a bank's teller system would refuse it.
 */
export function barcodeFromDigitableLine(line: string): string {
  const d = plainLine(line);
  // Each field's DV is the digit right after it: positions 10, 21 and 32 (1-based) of the line.
  for (const [n, start, dvAt] of [[1, 0, 9], [2, 10, 20], [3, 21, 31]] as const) {
    if (mod10(d.slice(start, dvAt)) !== Number(d[dvAt])) {
      throw new BoletoError('fieldCheckDigit', `field ${n} of the digitable line fails its check digit`);
    }
  }
  const barcode = d.slice(0, 4) + d.slice(32, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
  if (!barcodeGeneralDvOk(barcode)) {
    throw new BoletoError('generalCheckDigit', 'the general check digit (field 4) does not match the barcode');
  }
  return barcode;
}

/**
 * True when a bank boleto's 44-digit barcode, or its digitable line (plain or printed), has every check digit
 * right. Utility-bill ("arrecadação", 48-digit) codes follow another layout and are not accepted here.
 */
export function boletoValid(barcodeOrLine: string): boolean {
  if (/^\d{44}$/.test(barcodeOrLine)) return barcodeGeneralDvOk(barcodeOrLine);
  try {
    barcodeFromDigitableLine(barcodeOrLine);
    return true;
  } catch (err) {
    if (err instanceof BoletoError) return false;
    throw err;
  }
}

/**
 * Free field of the sandbox bank (25 digits), fixed layout:
 *
 *   pos (0-based)  len  content
 *   0–3             4   agency
 *   4–14           11   reference ("nosso número"), zero-padded on the left
 *   15              1   mod10 of agency + account + reference, so a mistyped reference is caught on reconciliation
 *   16–22           7   account
 *   23              1   mod10 of agency + account
 *   24              1   '0', reserved
 *
 * The reference lands in line fields 1–2 and the account in field 3, so each field's own DV guards them.
 */
export function sandboxFreeField(reference: string, agency = '1234', account = '0012345'): string {
  if (!/^\d{1,11}$/.test(reference)) throw new BoletoError('format', 'reference must be 1 to 11 digits');
  requireDigits(agency, 4, 'agency');
  requireDigits(account, 7, 'account');
  const ref = reference.padStart(11, '0');
  return agency + ref + String(mod10(agency + account + ref)) + account + String(mod10(agency + account)) + '0';
}
