/**
 * PIX BR Code: the EMV® QRCPS merchant-presented payload as profiled by Banco Central do Brasil
 * ("Manual de Padrões para Iniciação do Pix"). Builds dynamic (single-use) codes, parses and validates any code.
 */

/** Top-level TLV fields by two-digit ID; template fields (26–51, 62, 64, 80–99) map to their sub-fields. */
export type BrCodeFields = Record<string, string | Record<string, string>>;

/** What a dynamic charge needs; `amount` is in integer cents. */
export interface DynamicBrCodeInput {
  location: string;
  amount: number;
  merchantName: string;
  merchantCity: string;
  txid?: string;
}

const PIX_GUI = 'br.gov.bcb.pix';
const MAX_VALUE = 99;
// EMV caps the transaction amount field at 13 characters.
const MAX_AMOUNT = 13;
const MAX_NAME = 25;
const MAX_CITY = 15;
// Field 26 also carries "0014br.gov.bcb.pix" and the "25LL" header: 99 - 18 - 4.
const MAX_LOCATION = MAX_VALUE - (4 + PIX_GUI.length) - 4;
const CRC_HEADER = '6304';

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, unreflected) of the UTF-8 bytes, as 4 uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tlv(id: string, value: string): string {
  if (value.length > MAX_VALUE) {
    throw new Error(`BR Code field ${id} would be ${value.length} characters; a TLV value holds at most ${MAX_VALUE}`);
  }
  return id + String(value.length).padStart(2, '0') + value;
}

/**
 * Merchant name and city go out as plain upper-case ASCII: many banking apps render or match
 * only that, and it keeps the character count equal to the byte count the CRC is computed over.
 */
function asciiUpper(value: string, max: number, what: string): string {
  const ascii = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (ascii === '') throw new Error(`${what} has no ASCII characters left after normalisation`);
  return ascii.slice(0, max).trimEnd();
}

function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new Error(`amount must be a positive integer number of cents, got ${cents}`);
  }
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  if (text.length > MAX_AMOUNT) throw new Error(`amount ${text} is longer than ${MAX_AMOUNT} characters`);
  return text;
}

function locationWithoutScheme(location: string): string {
  // The manual puts the URL in field 25 without "https://"; the paying app adds it back.
  const bare = location.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (!/^[\x21-\x7E]+$/.test(bare)) throw new Error('location must be a non-empty URL of printable ASCII');
  if (bare.length > MAX_LOCATION) {
    throw new Error(`location is ${bare.length} characters without its scheme; at most ${MAX_LOCATION} fit in field 26`);
  }
  return bare;
}

function referenceLabel(txid: string | undefined): string {
  // "***" tells the payer's app that the txid lives in the payload behind the location URL.
  if (txid === undefined) return '***';
  if (!/^[A-Za-z0-9]{1,25}$/.test(txid)) throw new Error('txid must be 1–25 letters or digits');
  return txid;
}

/** The BR Code payload of a dynamic, single-use PIX charge served from `location`. */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', PIX_GUI) + tlv('25', locationWithoutScheme(input.location))) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', formatAmount(input.amount)) +
    tlv('58', 'BR') +
    tlv('59', asciiUpper(input.merchantName, MAX_NAME, 'merchantName')) +
    tlv('60', asciiUpper(input.merchantCity, MAX_CITY, 'merchantCity')) +
    tlv('62', tlv('05', referenceLabel(input.txid))) +
    CRC_HEADER;
  return body + crc16(body);
}

function isTemplate(id: string): boolean {
  const n = Number(id);
  return (n >= 26 && n <= 51) || n === 62 || n === 64 || n >= 80;
}

// Entries rather than a record: integer-like keys ("26") would be reordered ahead of "00" and "01",
// and field order matters (00 first, 63 last).
function tlvEntries(text: string, where: string): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  const seen = new Set<string>();
  let pos = 0;
  while (pos < text.length) {
    const header = text.slice(pos, pos + 4);
    if (!/^\d{4}$/.test(header)) throw new Error(`${where}: expected a 2-digit ID and 2-digit length at ${pos}`);
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = text.slice(pos + 4, pos + 4 + length);
    if (value.length !== length) throw new Error(`${where}: field ${id} is cut short`);
    if (seen.has(id)) throw new Error(`${where}: field ${id} appears twice`);
    seen.add(id);
    entries.push([id, value]);
    pos += 4 + length;
  }
  return entries;
}

function nest(entries: Array<[string, string]>): BrCodeFields {
  const fields: BrCodeFields = {};
  for (const [id, value] of entries) {
    fields[id] = isTemplate(id) ? Object.fromEntries(tlvEntries(value, `BR Code field ${id}`)) : value;
  }
  return fields;
}

/** Splits a payload into its TLV fields, templates included; throws on malformed structure (not on a bad CRC). */
export function parseBrCode(payload: string): BrCodeFields {
  return nest(tlvEntries(payload, 'BR Code'));
}

function text(fields: BrCodeFields, id: string): string | undefined {
  const v = fields[id];
  return typeof v === 'string' ? v : undefined;
}

function checkFields(fields: BrCodeFields): string | null {
  const account = fields['26'];
  if (typeof account !== 'object' || account['00']?.toLowerCase() !== PIX_GUI) {
    return `field 26 must carry the ${PIX_GUI} GUI`;
  }
  if (account['01'] === undefined && account['25'] === undefined) return 'field 26 needs a key (01) or a location (25)';
  const method = text(fields, '01');
  if (method !== undefined && method !== '11' && method !== '12') return 'field 01 must be 11 or 12';
  if (text(fields, '52') === undefined) return 'field 52 (merchant category) is missing';
  if (text(fields, '53') !== '986') return 'field 53 must be 986 (BRL)';
  const amount = text(fields, '54');
  if (amount !== undefined && !(/^\d+(\.\d{1,2})?$/.test(amount) && amount.length <= MAX_AMOUNT)) {
    return 'field 54 is not an amount';
  }
  if (text(fields, '58') !== 'BR') return 'field 58 must be BR';
  const name = text(fields, '59');
  if (!name || name.length > MAX_NAME) return `field 59 (merchant name) must be 1–${MAX_NAME} characters`;
  const city = text(fields, '60');
  if (!city || city.length > MAX_CITY) return `field 60 (merchant city) must be 1–${MAX_CITY} characters`;
  const extra = fields['62'];
  if (typeof extra !== 'object' || !extra['05']) return 'field 62 must carry a txid (05)';
  return null;
}

/** Why `payload` is not a valid PIX BR Code, or null when it is. */
export function brCodeError(payload: string): string | null {
  if (!payload.startsWith('000201')) return 'must start with field 00 = 01';
  const crcAt = payload.length - 4;
  if (payload.slice(crcAt - 4, crcAt) !== CRC_HEADER) return 'must end with field 63 (6304 and four hex digits)';
  let entries: Array<[string, string]>;
  let fields: BrCodeFields;
  try {
    entries = tlvEntries(payload, 'BR Code');
    fields = nest(entries);
  } catch (err) {
    return (err as Error).message;
  }
  // Checking the tail above is not enough: "6304" could sit inside another field's value.
  if (entries.at(-1)?.[0] !== '63') return 'field 63 must be the last field';
  const problem = checkFields(fields);
  if (problem !== null) return problem;
  const expected = crc16(payload.slice(0, crcAt));
  // Strict on case: the manual's examples and our generator use upper-case hex.
  return payload.slice(crcAt) === expected ? null : `CRC mismatch: expected ${expected}`;
}

/** True when `payload` is a structurally sound PIX BR Code with a matching CRC. */
export function brCodeValid(payload: string): boolean {
  return brCodeError(payload) === null;
}
