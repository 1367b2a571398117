import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import { fold, isCalendarDate, normalise, sameValues, searchName, telephoneLine } from './fields';

const NOW = new Date('2026-03-14T12:00:00.000Z');

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('customer fields', () => {
  it('folds names: case, accents and spaces do not count', () => {
    expect(fold('  Jõão  PEREIRA ')).toBe('joao pereira');
    expect(searchName('Conceição', 'Araújo')).toBe('conceicao araujo');
  });

  it('composes the E.164 line of a telephone', () => {
    expect(telephoneLine({ countryCode: '55', areaCode: '11', number: '987654321' })).toBe('+5511987654321');
  });

  it('tells real calendar days from impossible ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
  });

  it('stores digits, lower case e-mails, null for empty lists and defaults for omitted fields', () => {
    const v = normalise(
      {
        firstName: 'Maria',
        lastName: 'Silva',
        email: 'Maria.Silva@Example.COM',
        document: { type: 'cpf', number: '529.982.247-25' },
        telephone: { countryCode: '55', areaCode: '11', number: '987654321' },
        additionalEmails: [],
      },
      NOW,
    );
    expect(v).toEqual({
      firstName: 'Maria',
      lastName: 'Silva',
      email: 'maria.silva@example.com',
      document: { type: 'cpf', number: '52998224725' },
      telephone: { countryCode: '55', areaCode: '11', number: '987654321', line: '+5511987654321' },
      birthdate: null,
      gender: null,
      externalReference: null,
      additionalEmails: null,
      metadata: {},
      available: true,
    });
    const emails = normalise({ firstName: 'a', lastName: 'b', email: 'a@b.co', additionalEmails: ['X@b.co', 'x@B.co'] }, NOW);
    expect(emails.additionalEmails).toEqual(['x@b.co']);
  });

  it('refuses wrong check digits, a document of the other type and future birthdates', () => {
    const base = { firstName: 'a', lastName: 'b', email: 'a@b.co' };
    const cpf = errorOf(() => normalise({ ...base, document: { type: 'cpf', number: '52998224726' } }, NOW));
    expect(cpf).toMatchObject({ code: 'invalidDocument', params: [{ 'document[number]': 'is not a valid CPF' }] });
    const mixed = errorOf(() => normalise({ ...base, document: { type: 'cnpj', number: '52998224725' } }, NOW));
    expect(mixed.code).toBe('invalidDocument');
    expect(errorOf(() => normalise({ ...base, birthdate: '2026-03-15' }, NOW)).code).toBe('unprocessableEntity');
    expect(normalise({ ...base, birthdate: '2026-03-14' }, NOW).birthdate).toBe('2026-03-14');
    expect(errorOf(() => normalise({ ...base, birthdate: '2023-02-30' }, NOW)).code).toBe('invalidParameters');
  });

  it('compares values regardless of metadata key order', () => {
    const a = normalise({ firstName: 'a', lastName: 'b', email: 'a@b.co', metadata: { x: '1', y: '2' } }, NOW);
    const b = normalise({ firstName: 'a', lastName: 'b', email: 'a@b.co', metadata: { y: '2', x: '1' } }, NOW);
    expect(sameValues(a, b)).toBe(true);
    expect(sameValues(a, { ...b, available: false })).toBe(false);
  });
});
