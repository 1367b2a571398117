/** Brazilian tax documents: CPF (11 digits) and CNPJ (14 digits), with their modulo-11 check digits. */

export type DocumentType = 'cpf' | 'cnpj';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  const s = digitsOnly(value);
  if (s.length !== 11 || /^(\d)\1{10}$/.test(s)) return false;
  const d = [...s].map(Number);
  const first = checkDigit(d.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[9] === first && d[10] === second;
}

export function isValidCnpj(value: string): boolean {
  const s = digitsOnly(value);
  if (s.length !== 14 || /^(\d)\1{13}$/.test(s)) return false;
  const d = [...s].map(Number);
  const first = checkDigit(d.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d[12] === first && d[13] === second;
}

/** True when the number has the length of its type and correct check digits. */
export function isValidDocument(type: DocumentType, number: string): boolean {
  return type === 'cpf' ? isValidCpf(number) : isValidCnpj(number);
}
