import { describe, expect, it } from 'vitest';
import { displayLines, isUf, normalisePostcode, UFS } from './postal';

const paulista = {
  street: 'Av. Paulista',
  number: '1578',
  complement: 'Conjunto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  postcode: '01310-200',
};

describe('UFs', () => {
  it('lists the 26 states and the Distrito Federal, once each', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    expect(UFS).toEqual(expect.arrayContaining(['DF', 'SP', 'RJ', 'TO', 'AC']));
  });

  it('recognises a UF in any case and nothing else', () => {
    expect(isUf('SP')).toBe(true);
    expect(isUf('rj')).toBe(true);
    expect(isUf('XX')).toBe(false);
    expect(isUf('FN')).toBe(false); // Fernando de Noronha belongs to PE
  });
});

describe('postcodes', () => {
  it('formats a CEP sent with or without the hyphen as NNNNN-NNN', () => {
    expect(normalisePostcode('BR', '01310200')).toBe('01310-200');
    expect(normalisePostcode('BR', '01310-200')).toBe('01310-200');
    expect(normalisePostcode('br', '20011000')).toBe('20011-000');
  });

  it('refuses any other shape of CEP', () => {
    for (const bad of ['0131020', '013102000', '01310 200', '0131-0200', 'ABCDE-FGH', ' 01310200']) {
      expect(normalisePostcode('BR', bad)).toBeNull();
    }
  });

  it('trims and upper-cases the postcodes of other countries', () => {
    expect(normalisePostcode('GB', 'sw1a 1aa ')).toBe('SW1A 1AA');
    expect(normalisePostcode('US', '10001')).toBe('10001');
  });
});

describe('display lines', () => {
  it('composes line1, line2, line3 and line with a complement', () => {
    expect(displayLines(paulista)).toEqual({
      line: 'Av. Paulista, 1578 - Conjunto 42, Bela Vista, São Paulo - SP, 01310-200',
      line1: 'Av. Paulista, 1578 - Conjunto 42',
      line2: 'Bela Vista',
      line3: 'São Paulo - SP, 01310-200',
    });
  });

  it('leaves the complement out when it is empty or blank', () => {
    expect(displayLines({ ...paulista, complement: '' }).line1).toBe('Av. Paulista, 1578');
    expect(displayLines({ ...paulista, complement: '  ' }).line).toBe(
      'Av. Paulista, 1578, Bela Vista, São Paulo - SP, 01310-200',
    );
  });

  it('names the country in line3 outside Brazil', () => {
    const lines = displayLines({ ...paulista, city: 'Lisboa', state: 'LI', country: 'PT', postcode: '1100-148' });
    expect(lines.line3).toBe('Lisboa - LI, 1100-148, PT');
    expect(lines.line.endsWith(', PT')).toBe(true);
  });
});
