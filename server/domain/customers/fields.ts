/**
 * Pure rules on the fields of a customer: what is stored for what was sent (document as digits, e-mails in lower
 * case, an empty list as null, the telephone's E.164 line), the folded name the `name` filter searches, and the
 * checks that need no database (check digits, birthdate).
 */
import type { components } from '../../../generated/schema';
import { ApiError } from '../../core/errors';
import { digitsOnly, isValidDocument } from '../documents';

type CreateCustomerRequest = components['schemas']['CreateCustomerRequest'];
type UpdateCustomerRequest = components['schemas']['UpdateCustomerRequest'];
export type Document = components['schemas']['Document'];
export type Telephone = components['schemas']['Telephone'];
export type Gender = components['schemas']['Customer']['gender'];

/** Every writable value of a customer, as stored. */
export interface CustomerValues {
  firstName: string;
  lastName: string;
  email: string;
  document: Document | null;
  telephone: Telephone | null;
  birthdate: string | null;
  gender: Gender;
  externalReference: string | null;
  additionalEmails: string[] | null;
  metadata: Record<string, string>;
  available: boolean;
}

/** Lower case, without accents, single spaces: `  Jõão  PEREIRA` → `joao pereira`. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What the `name` filter searches: `firstName lastName`, folded. */
export function searchName(firstName: string, lastName: string): string {
  return fold(`${firstName} ${lastName}`);
}

/** The combined number in E.164 form: `+` country code, area code, number. */
export function telephoneLine(t: Pick<Telephone, 'countryCode' | 'areaCode' | 'number'>): string {
  return `+${t.countryCode}${t.areaCode}${t.number}`;
}

/** True for a real calendar day written `YYYY-MM-DD` (`2023-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD` of `now` in UTC: a birthdate after it is in the future. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function invalid(field: string, message: string): ApiError {
  return new ApiError('invalidParameters', { resource: 'customer', params: [{ [field]: message }] });
}

/**
 * The values to store for a create or a full replacement: an omitted optional field is reset (`null`, `{}` for
 * `metadata`, `true` for `available`). Throws 422 `invalidDocument` for wrong check digits and 422
 * `unprocessableEntity` for a birthdate after today (UTC).
 */
export function normalise(input: CreateCustomerRequest | UpdateCustomerRequest, now: Date): CustomerValues {
  let document: Document | null = null;
  if (input.document) {
    const number = digitsOnly(input.document.number);
    const type = input.document.type;
    if (!isValidDocument(type, number)) {
      throw new ApiError('invalidDocument', {
        resource: 'customer',
        message: `${input.document.number} is not a valid ${type.toUpperCase()}.`,
        params: [{ 'document[number]': `is not a valid ${type.toUpperCase()}` }],
      });
    }
    document = { type, number };
  }
  const birthdate = input.birthdate ?? null;
  if (birthdate !== null) {
    if (!isCalendarDate(birthdate)) throw invalid('birthdate', 'must be a real calendar date (YYYY-MM-DD)');
    if (birthdate > utcToday(now)) {
      throw new ApiError('unprocessableEntity', {
        resource: 'customer',
        message: `The birthdate ${birthdate} is in the future.`,
        params: [{ birthdate: 'must not be in the future' }],
      });
    }
  }
  const t = input.telephone;
  const emails = (input.additionalEmails ?? []).map((e) => e.toLowerCase());
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    document,
    telephone: t ? { countryCode: t.countryCode, areaCode: t.areaCode, number: t.number, line: telephoneLine(t) } : null,
    birthdate,
    gender: input.gender ?? null,
    externalReference: input.externalReference ?? null,
    // Lower-casing can make two sent addresses one; an empty list is stored as null (spec of `additionalEmails`).
    additionalEmails: emails.length === 0 ? null : [...new Set(emails)],
    metadata: input.metadata ?? {},
    available: 'available' in input ? (input.available ?? true) : true,
  };
}

/** Key order of objects does not matter (jsonb reorders keys), array order does. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** True when storing `next` would change nothing of `current`. */
export function sameValues(current: CustomerValues, next: CustomerValues): boolean {
  return canonical(current) === canonical(next);
}
