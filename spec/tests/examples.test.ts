import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { scanDataUrl } from '../../server/testing/png';
import { collectExamples, type ExampleCase } from './collect-examples';

const DOC_ID = 'https://payments.example/openapi.json';
const doc = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8'));

function makeValidator() {
  // strict: false so OpenAPI's own keywords (discriminator, example, xml, x-*) are let through as annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
  return (c: ExampleCase) => {
    const validate = ajv.getSchema(`${DOC_ID}#${c.schema}`) ?? ajv.compile({ $ref: `${DOC_ID}#${c.schema}` });
    return validate(c.value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}

describe('examples in the spec', () => {
  const cases = collectExamples(doc);
  const check = makeValidator();

  it('finds examples everywhere: schemas, bodies, responses, parameters, headers, webhooks', () => {
    const at = cases.map((c) => c.at);
    expect(at.some((p) => p.startsWith('/components/schemas/'))).toBe(true);
    expect(at.some((p) => p.includes('/requestBody/'))).toBe(true);
    expect(at.some((p) => p.includes('/responses/'))).toBe(true);
    expect(at.some((p) => p.startsWith('/components/parameters/'))).toBe(true);
    expect(at.some((p) => p.includes('/headers/'))).toBe(true);
    expect(at.some((p) => p.startsWith('/webhooks/'))).toBe(true);
  });

  it('every example validates against its schema (JSON Schema 2020-12, formats checked)', () => {
    const failures = cases.flatMap((c) => check(c).map((msg) => `${c.at}: ${msg}`));
    expect(failures).toEqual([]);
  });

  it('the validator does reject a wrong example (the check can fail)', () => {
    const bad = { at: 'test', schema: '/components/schemas/Error', value: { error: { statusCode: 'x' } } };
    expect(check(bad).length).toBeGreaterThan(0);
  });

  it('every operation documents an example for each JSON request body and success response', () => {
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op || typeof op !== 'object' || !('responses' in op)) continue;
        const media = op.requestBody?.content?.['application/json'];
        if (media && !media.example && !media.examples) missing.push(`${method} ${path} request`);
        for (const [status, r] of Object.entries(op.responses as Record<string, any>)) {
          const resolved = r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r;
          const m = resolved?.content?.['application/json'];
          if (m && !m.example && !m.examples) missing.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every error response example carries its own status code', () => {
    const wrong: string[] = [];
    for (const [name, r] of Object.entries(doc.components.responses as Record<string, any>)) {
      for (const [exName, ex] of Object.entries(r.content?.['application/json']?.examples ?? {}) as [string, any][]) {
        if (String(ex.value?.error?.statusCode) !== String(statusOf(name))) wrong.push(`${name}/${exName}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every error example written inline in an operation carries that response status', () => {
    const wrong: string[] = [];
    for (const [path, item] of operations()) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries((op?.responses ?? {}) as Record<string, any>)) {
          if (r.$ref || Number(status) < 400) continue;
          for (const [exName, ex] of Object.entries(r.content?.['application/json']?.examples ?? {}) as [string, any][]) {
            if (String(ex.value?.error?.statusCode) !== status) wrong.push(`${method} ${path} ${status} ${exName}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every example payment's inline QR image is read as that payment's own BR Code", () => {
    const pairs: { at: string; emv: string; read: string }[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const { pixQrCodeEmv, pixQrCodeImage } = node as Record<string, unknown>;
      if (typeof pixQrCodeImage === 'string' && typeof pixQrCodeEmv === 'string') {
        pairs.push({ at, emv: pixQrCodeEmv, read: scanDataUrl(pixQrCodeImage).text });
      }
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    for (const c of collectExamples(doc)) walk(c.value, c.at);
    expect(pairs.length).toBeGreaterThanOrEqual(5);
    expect(pairs.filter((p) => p.read !== p.emv)).toEqual([]);
  });

  it('no response schema carries a schema-level example (Prism would answer it instead of the named examples)', () => {
    const shadowing: string[] = [];
    for (const [path, item] of operations()) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, r] of Object.entries((op?.responses ?? {}) as Record<string, any>)) {
          const resolved = r.$ref ? doc.components.responses[r.$ref.split('/').pop()] : r;
          const ref: string | undefined = resolved?.content?.['application/json']?.schema?.$ref;
          const schema = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
          if (schema && 'example' in schema) shadowing.push(`${method} ${path} ${status}: ${ref}`);
        }
      }
    }
    expect(shadowing).toEqual([]);
  });
});

function operations(): [string, Record<string, any>][] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).map(([path, item]) => [
    path,
    Object.fromEntries(Object.entries(item).filter(([, op]) => op && typeof op === 'object' && 'responses' in op)),
  ]);
}

/** The status a reusable error response is used for, read from the operations that reference it. */
function statusOf(responseName: string): string | undefined {
  for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
    for (const op of Object.values(item)) {
      for (const [status, r] of Object.entries((op?.responses ?? {}) as Record<string, any>)) {
        if (r.$ref === `#/components/responses/${responseName}`) return status;
      }
    }
  }
  return undefined;
}
