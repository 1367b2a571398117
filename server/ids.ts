/** Opaque identifiers with a type prefix (`tra_…`): 16 random base62 characters after the prefix. */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` random base62 characters, without modulo bias (bytes ≥ 248 are drawn again). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      if (b < 248 && out.length < n) out += ALPHABET[b % 62];
    }
  }
  return out;
}

export type IdPrefix =
  | 'bus' | 'key' | 'tra' | 'cus' | 'addr' | 'wall' | 'wdr' | 'var' | 'prd' | 'item' | 'rec' | 'tml' | 'subs'
  | 'ssp' | 'scy' | 'link' | 'acc' | 'wbe' | 'wbh' | 'wdi' | 'rfd' | 'dsp' | 'plan' | 'job' | 'corr' | 'pop' | 'led'
  | 'clk' | 'chs' | 'wbr' | 'req' | 'rcn' | 'usr' | 'ses' | 'aud' | 'inv';

/** The token of a charge's public pages: 32 base62 characters (190 bits), unrelated to its id. */
export function newPublicToken(): string {
  return randomBase62(32);
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(16)}`;
}
