/**
 * Pure rules on postal fields: the 27 Brazilian UFs, the CEP and other postcodes as stored, and the display lines
 * the `Address` schema documents.
 */

/** The 26 states and the Distrito Federal. */
export const UFS: readonly string[] = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
];

export function isUf(state: string): boolean {
  return UFS.includes(state.toUpperCase());
}

/**
 * The postcode as stored: for `BR` a CEP of 8 digits with or without the hyphen becomes `NNNNN-NNN` (null for any
 * other shape); for other countries it is trimmed and upper-cased.
 */
export function normalisePostcode(country: string, raw: string): string | null {
  if (country.toUpperCase() !== 'BR') return raw.trim().toUpperCase();
  const m = /^(\d{5})-?(\d{3})$/.exec(raw);
  return m ? `${m[1]}-${m[2]}` : null;
}

export interface PostalFields {
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  country: string;
  postcode: string;
}

export interface DisplayLines {
  line: string;
  line1: string;
  line2: string;
  line3: string;
}

/**
 * `line1` = `street, number` (+ ` - complement` unless it is blank); `line2` = district; `line3` = `city - state, postcode`
 * (+ `, country` outside `BR`); `line` = the three joined by `, `.
 */
export function displayLines(a: PostalFields): DisplayLines {
  const line1 = `${a.street}, ${a.number}${a.complement.trim() === '' ? '' : ` - ${a.complement}`}`;
  const line2 = a.district;
  const line3 = `${a.city} - ${a.state}, ${a.postcode}${a.country === 'BR' ? '' : `, ${a.country}`}`;
  return { line: `${line1}, ${line2}, ${line3}`, line1, line2, line3 };
}
