/**
 * What an issued boleto or Pix shows the payer: a boleto's 47-digit digitable line (FEBRABAN layout, every check digit
 * right) and deadline, and a Pix's dynamic BR Code (EMV payload, CRC16 last). Built with the project's own boleto
 * and BR Code encoders; the bank and the receiver named in them are made up.
 */
import { buildBoleto, sandboxFreeField } from '../../payments/sandbox/boleto';
import { buildDynamicBrCode } from '../../payments/sandbox/brcode';
import { randomInt } from 'node:crypto';

/** A made-up issuing bank code for the fake's boletos. */
const BANK_CODE = '237';
/** Brazil has had no daylight saving time since 2019: America/Sao_Paulo is UTC-3 all year. */
const SAO_PAULO_OFFSET_S = 3 * 3600;

/**
 * The end of the day `days` calendar days from today in São Paulo (23:59:59 there): the API reference's
 * `expires_after_days` ("…set to 2, the voucher expires on Wednesday at 23:59 America/Sao_Paulo time").
 */
export function boletoExpiresAt(days: number, now = Date.now()): number {
  const local = new Date(now - SAO_PAULO_OFFSET_S * 1000);
  const endUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 23, 59, 59);
  return Math.floor(endUtc / 1000) + SAO_PAULO_OFFSET_S;
}

/** The São Paulo date (YYYY-MM-DD) of a unix time: a boleto's due date. */
function saoPauloDate(unixSeconds: number): string {
  return new Date((unixSeconds - SAO_PAULO_OFFSET_S) * 1000).toISOString().slice(0, 10);
}

/** A well-formed 47-digit digitable line for `amount` cents due on the day of `expiresAt`. */
export function boletoNumber(amount: number, expiresAt: number): string {
  const reference = String(randomInt(1, 99_999_999_999));
  return buildBoleto({ bankCode: BANK_CODE, amount, dueDate: saoPauloDate(expiresAt), freeField: sandboxFreeField(reference) }).digitableLine;
}

/** The dynamic BR Code of a Pix of `amount` cents, served (notionally) from `location` (host/path, no scheme). */
export function pixBrCode(amount: number, location: string): string {
  return buildDynamicBrCode({ location, amount, merchantName: 'FAKE STRIPE BRASIL', merchantCity: 'SAO PAULO' });
}
