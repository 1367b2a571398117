import { describe, expect, it } from 'vitest';
import { digitsOnly, isValidCnpj, isValidCpf, isValidDocument } from './documents';

describe('CPF and CNPJ check digits', () => {
  it('accepts valid numbers, punctuated or not', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidDocument('cpf', '52998224725')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and repeated digits', () => {
    expect(isValidCpf('52998224726')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidDocument('cnpj', '52998224725')).toBe(false);
  });

  it('strips punctuation', () => {
    expect(digitsOnly('529.982.247-25')).toBe('52998224725');
  });
});
