import { describe, expect, it } from 'vitest';
import { bankName } from './banks';
import { normaliseAccount, normaliseRouting } from './service';

describe('wallet account normalisation', () => {
  it('returns the branch with its check digit after a hyphen, or the bare four digits', () => {
    expect(normaliseRouting('0912')).toBe('0912');
    expect(normaliseRouting('09123')).toBe('0912-3');
    expect(normaliseRouting('0912-3')).toBe('0912-3');
    expect(normaliseRouting('0912x')).toBe('0912-X');
  });

  it('returns the account with its check digit after a hyphen', () => {
    expect(normaliseAccount('456789')).toBe('45678-9');
    expect(normaliseAccount('45678-9')).toBe('45678-9');
    expect(normaliseAccount('12')).toBe('1-2');
    expect(normaliseAccount('1234567890123-x')).toBe('1234567890123-X');
  });
});

describe('COMPE bank codes', () => {
  it('names the main banks and nothing else', () => {
    expect(bankName('001')).toBe('Banco do Brasil S.A.');
    expect(bankName('341')).toBe('Itaú Unibanco S.A.');
    expect(bankName('260')).toBe('Nu Pagamentos S.A.');
    expect(bankName('999')).toBeNull();
    expect(bankName('toString')).toBeNull();
  });
});
