/**
 * The v1 API's request encoding: `application/x-www-form-urlencoded` bodies (and GET query strings) in bracket
 * notation (`metadata[k]=v`, `expand[0]=latest_charge`), where every value arrives as a string and each endpoint
 * coerces its own fields. `Params` reads one level of that tree with Stripe's validation errors, naming the
 * parameter in Stripe's bracket form (`payment_method_options[card][installments][plan][count]`).
 */
import { createHash } from 'node:crypto';
import qs from 'qs';
import { invalidParam } from './errors';

/** A decoded form value: strings, nested objects and arrays of them. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Decodes a form body or query string as Stripe does (brackets, indexed arrays, up to 100 entries per array). */
export function decodeForm(text: string): FormObject {
  return qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 2000, allowPrototypes: false }) as FormObject;
}

/**
 * A copy of `value` fit to keep in a log: every `card[number]` reduced to its last four digits and every `card[cvc]`
 * removed, wherever the card sits (`card`, `payment_method_data[card]`). PCI DSS forbids keeping the CVC at all and
 * the full number outside a protected store; a test fake has no such store.
 */
export function redactCards(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => redactCards(v));
  const out: FormObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'card' && typeof v === 'object' && !Array.isArray(v)) {
      const card: FormObject = {};
      for (const [ck, cv] of Object.entries(v)) {
        if (ck === 'cvc') continue;
        card[ck] = ck === 'number' && typeof cv === 'string' ? `************${cv.replace(/\D/g, '').slice(-4)}` : redactCards(cv);
      }
      out[key] = card;
    } else {
      out[key] = redactCards(v);
    }
  }
  return out;
}

function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`).join(',')}}`;
}

/**
 * A digest of the parameters, the same whatever their order: what the idempotency layer compares a retry with. Only
 * the digest is kept, so a card number in the parameters is not kept with it.
 */
export function fingerprint(params: FormObject): string {
  return createHash('sha256').update(canonical(params)).digest('hex');
}

const INTEGER = /^-?\d+$/;

/** One level of parameters, read with Stripe's coercions and errors; `prefix` names where it sits. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = '',
  ) {}

  /** Stripe's name of field `key` at this level. */
  name(key: string): string {
    return this.prefix === '' ? key : `${this.prefix}[${key}]`;
  }

  /** Stripe's name of `path` (`billing_details[email]`) under this level. */
  nameOf(path: string): string {
    return this.prefix === '' ? path : path.replace(/^([^[]+)/, (first) => `${this.prefix}[${first}]`);
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  private take(key: string): FormValue | undefined {
    return Object.hasOwn(this.raw, key) ? this.raw[key] : undefined;
  }

  /** A string field; '' counts as absent only where Stripe lets an empty string unset a value. */
  str(key: string, opts: { required?: boolean; max?: number; oneOf?: readonly string[] } = {}): string | undefined {
    const v = this.take(key);
    if (v === undefined) {
      if (opts.required) throw invalidParam(`Missing required param: ${this.name(key)}.`, this.name(key), 'parameter_missing');
      return undefined;
    }
    if (typeof v !== 'string') throw invalidParam(`Invalid string: ${this.name(key)} must be a string.`, this.name(key));
    if (opts.required && v.trim() === '') {
      throw invalidParam(`You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`, this.name(key), 'parameter_invalid_empty');
    }
    if (opts.max !== undefined && v.length > opts.max) {
      throw invalidParam(`Invalid string: ${v.slice(0, 20)}...; must be at most ${opts.max} characters`, this.name(key));
    }
    if (opts.oneOf && !opts.oneOf.includes(v)) {
      throw invalidParam(`Invalid ${this.name(key)}: must be one of ${opts.oneOf.join(', ')}`, this.name(key));
    }
    return v;
  }

  /** An integer field (Stripe's "Invalid integer"), within [min, max] when given. */
  int(key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const v = this.str(key, { required: opts.required });
    if (v === undefined) return undefined;
    if (!INTEGER.test(v) || !Number.isSafeInteger(Number(v))) {
      throw invalidParam(`Invalid integer: ${v}`, this.name(key), 'parameter_invalid_integer');
    }
    const n = Number(v);
    if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
      const range = opts.max === undefined ? `greater than or equal to ${opts.min}` : `between ${opts.min ?? 0} and ${opts.max}`;
      throw invalidParam(`Invalid ${this.name(key)}: must be ${range}`, this.name(key));
    }
    return n;
  }

  /** A boolean field: the SDK sends `true`/`false`. */
  bool(key: string): boolean | undefined {
    const v = this.str(key);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalidParam(`Invalid boolean: ${v}`, this.name(key));
    return v === 'true';
  }

  /** A nested hash, or undefined; a string where a hash belongs is Stripe's "Invalid object". */
  obj(key: string): Params | undefined {
    const v = this.take(key);
    if (v === undefined) return undefined;
    if (typeof v === 'string' || Array.isArray(v)) {
      // An empty string unsets an optional hash.
      if (v === '') return undefined;
      throw invalidParam(`Invalid object`, this.name(key));
    }
    return new Params(v, this.name(key));
  }

  /** An array of strings (`expand[0]=…`); qs gives an object for sparse indexes, which is read in index order. */
  strArray(key: string, opts: { max?: number } = {}): string[] | undefined {
    const v = this.take(key);
    if (v === undefined) return undefined;
    const items = Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : v === '' ? [] : [v];
    if (!items.every((i): i is string => typeof i === 'string')) throw invalidParam('Invalid array', this.name(key));
    if (opts.max !== undefined && items.length > opts.max) throw invalidParam(`Invalid array: at most ${opts.max} items`, this.name(key));
    return items;
  }

  /** `metadata[k]=v`: at most 50 keys of up to 40 characters, values up to 500 (the API reference's limits). */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const m = this.obj(key);
    if (m === undefined) return this.raw[key] === '' ? {} : undefined;
    const out: Record<string, string> = {};
    const keys = Object.keys(m.raw);
    if (keys.length > 50) throw invalidParam('Invalid metadata: metadata can have at most 50 keys', m.name(''));
    for (const k of keys) {
      const value = m.str(k);
      if (k.length > 40) throw invalidParam('Invalid metadata: keys can be at most 40 characters', m.name(k));
      if (value === undefined || value.length > 500) throw invalidParam('Invalid metadata: values can be at most 500 characters', m.name(k));
      // An empty value unsets the key.
      if (value !== '') out[k] = value;
    }
    return out;
  }

  /** Refuses what this level carries beyond the fields the handler knows (Stripe's `parameter_unknown`). */
  only(known: readonly string[]): void {
    for (const key of Object.keys(this.raw)) {
      if (!known.includes(key)) {
        throw invalidParam(`Received unknown parameter: ${this.name(key)}`, this.name(key), 'parameter_unknown');
      }
    }
  }
}
