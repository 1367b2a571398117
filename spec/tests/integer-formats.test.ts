/**
 * Every integer of the contract says its size (spec/README.md, "Conventions"): generators for Java, C# and Kotlin
 * read a bare `integer` as 32 bits, and a balance passes 2^31 cents in ordinary use. Walks the whole bundle:
 * component schemas, parameters, headers, request and response bodies, webhooks.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
/** Money is one type everywhere, whatever its bounds: an amount that fits 32 bits in one place does not in another. */
const MONEY = /(amount|price|cost|fee)$|^cents$/i;

interface Found { where: string; name: string; schema: Record<string, unknown> }

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInteger = (s: Record<string, unknown>) => s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));

/** Every integer schema under `node`, with the name it answers to (property, parameter, header or component). */
function integers(node: unknown, where: string, name: string, out: Found[] = []): Found[] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => integers(item, `${where}/${i}`, isObj(item) && typeof item.name === 'string' && 'in' in item ? item.name : name, out));
    return out;
  }
  if (!isObj(node)) return out;
  if (isInteger(node)) out.push({ where, name, schema: node });
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key === 'x-codeSamples') continue;
    const named = ['properties', 'headers', 'schemas', 'parameters'].includes(key) && isObj(value);
    if (named) for (const [k, v] of Object.entries(value)) integers(v, `${where}/${key}/${k}`, k, out);
    else integers(value, `${where}/${key}`, name, out);
  }
  return out;
}

/** The size the convention gives an integer. */
function expectedFormat({ name, schema }: Found): 'int32' | 'int64' {
  const { minimum, maximum } = schema;
  const bounded = typeof minimum === 'number' && typeof maximum === 'number' && minimum >= INT32_MIN && maximum <= INT32_MAX;
  return bounded && !MONEY.test(name) ? 'int32' : 'int64';
}

describe('integer sizes in generated/openapi.json', () => {
  const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as unknown;
  const found = integers(doc, '#', '');

  it('finds the integers of every part of the document', () => {
    expect(found.length).toBeGreaterThan(150);
    const where = found.map((f) => f.where);
    expect(where).toContain('#/components/schemas/BalanceAmount/properties/available');
    expect(where).toContain('#/components/parameters/Limit/schema');
    expect(where).toContain('#/components/headers/RateLimit-Remaining/schema');
  });

  it('gives int64 to every integer that can pass 2^31 and to all money, int32 to the others', () => {
    const wrong = found
      .filter((f) => f.schema.format !== expectedFormat(f))
      .map((f) => `${f.where}: ${String(f.schema.format ?? 'no format')}, expected ${expectedFormat(f)}`);
    expect(wrong).toEqual([]);
  });

  it('reads the rule as meant: a balance and a withdrawal are int64, a page size int32', () => {
    const formatAt = (where: string) => found.find((f) => f.where === where)?.schema.format;
    expect(formatAt('#/components/schemas/BalanceAmount/properties/available')).toBe('int64');
    expect(formatAt('#/components/schemas/CreateWithdrawalRequest/properties/amount')).toBe('int64');
    expect(formatAt('#/components/schemas/TransactionList/properties/total')).toBe('int64');
    expect(formatAt('#/components/parameters/Limit/schema')).toBe('int32');
  });
});
