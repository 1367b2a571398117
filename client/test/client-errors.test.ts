/**
 * The client's results against a fault-injecting stub: the correlation id on every answer, errors as values (never
 * thrown), `invalidResponse` for what is not the API's answer, the types of `data` and `error.code`, and the main
 * entry's freedom from Node's modules (it runs in browsers).
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createPaymentsClient, PaymentsApiError, type PaymentsClientOptions, type PaymentsErrorCode, type Schemas } from '../src/index';
import { correlationOf, envelope, startFaultStub, type Fault, type FaultStub } from './fault-stub';

const customer = { firstName: 'Maria', lastName: 'Silva', email: 'maria@example.com' };
const html502: Fault = { kind: 'raw', status: 502, body: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' };

let stub: FaultStub;
afterEach(async () => stub?.close());

async function clientOf(script: Fault[], over: Partial<PaymentsClientOptions> = {}) {
  stub = await startFaultStub(script);
  return createPaymentsClient({ baseUrl: stub.url, apiKey: 'sk_test_stub', retryBaseDelayMs: 10, retryMaxDelayMs: 40, random: () => 0, ...over });
}

describe('the correlation id', () => {
  it('is on a success, and on an error, from the last answer', async () => {
    const client = await clientOf([{ kind: 'ok', status: 201 }, { kind: 'error', status: 503, code: 'providerUnavailable' }, { kind: 'error', status: 404, code: 'customerNotFound' }]);
    const ok = await client.POST('/v1/customers', { body: customer });
    expect(ok.correlationId).toBe(correlationOf(1));
    const failed = await client.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'cus_x' } } });
    expect(failed.error?.correlationId).toBe(correlationOf(3));
    expect(failed.correlationId).toBe(correlationOf(3));
    expect(failed.response?.headers.get('x-correlation-id')).toBe(correlationOf(3));
  });
});

describe('errors are values', () => {
  it("carry the envelope's fields as the API sent them", async () => {
    const body = envelope(400, 'invalidParameters');
    const withParams = { error: { ...body.error, details: 'Two fields are wrong.', params: [{ name: 'email' }, { name: 'document[number]' }] } };
    stub = await startFaultStub([{ kind: 'raw', status: 400, body: JSON.stringify(withParams), contentType: 'application/json' }]);
    const client = createPaymentsClient({ baseUrl: stub.url, apiKey: 'sk_test_stub' });
    const { data, error } = await client.POST('/v1/customers', { body: customer });
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ ...withParams.error, attempts: 1 });
  });

  it('never throw: an unreachable service, a fetch that throws, a malformed address', async () => {
    const refused = createPaymentsClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk_test_x', maxRetries: 0 });
    await expect(refused.GET('/v1/customers')).resolves.toMatchObject({ error: { code: 'connectionFailed', statusCode: 0, category: 'network' } });
    const throwing = createPaymentsClient({ baseUrl: 'http://stub.invalid', apiKey: 'sk_test_x', maxRetries: 0, fetch: () => { throw new TypeError('boom'); } });
    const thrown = await throwing.POST('/v1/customers', { body: customer });
    expect(thrown.error).toMatchObject({ code: 'connectionFailed', message: 'The request could not reach the service: boom.' });
    expect(thrown.error?.cause).toBeInstanceOf(TypeError);
  });

  it('refuses at creation a baseUrl that every call would fail on', () => {
    for (const baseUrl of ['localhost:3000', '127.0.0.1:3000', '/api', 'ftp://example.com', '']) {
      expect(() => createPaymentsClient({ baseUrl, apiKey: 'sk_test_x' })).toThrow(
        `baseUrl must be an absolute http(s) address, like http://localhost:3000; got "${baseUrl}".`,
      );
    }
    expect(() => createPaymentsClient({ baseUrl: 'https://api.example.com/', apiKey: 'sk_test_x' })).not.toThrow();
  });

  it('PaymentsApiError carries the error, its code and the correlation id in its message', () => {
    const err = new PaymentsApiError({ ...envelope(401, 'unauthorized').error, code: 'unauthorized', category: 'authentication', correlationId: 'corr_1', idempotencyKey: undefined, attempts: 1 });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('PaymentsApiError');
    expect(err.code).toBe('unauthorized');
    expect(err.message).toBe('unauthorized: Stub says unauthorized. (correlation id corr_1)');
  });
});

describe('invalidResponse', () => {
  it("is a 502 proxy page, retried like the 502 it is", async () => {
    const client = await clientOf([html502, { kind: 'ok' }]);
    const result = await client.GET('/v1/customers');
    expect(result.error).toBeUndefined();
    expect(result.attempts).toBe(2);
  });

  it('is returned, with the answer, when the retries run out', async () => {
    const client = await clientOf([html502], { maxRetries: 0 });
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'invalidResponse', statusCode: 502, category: 'server', status: 'Bad Gateway', correlationId: correlationOf(1) });
    expect(result.error?.message).toBe("The service answered 502 without the API's error envelope.");
    expect(result.response?.status).toBe(502);
  });

  it('is a 4xx JSON body without the envelope, not retried', async () => {
    const client = await clientOf([{ kind: 'raw', status: 400, body: '{"message":"bad"}', contentType: 'application/json' }]);
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'invalidResponse', statusCode: 400, category: 'client', attempts: 1 });
    expect(stub.requests).toHaveLength(1);
  });

  it('is an empty 500, retried', async () => {
    const client = await clientOf([{ kind: 'raw', status: 500, body: '', contentType: 'application/json' }, { kind: 'ok' }]);
    expect((await client.GET('/v1/customers')).attempts).toBe(2);
  });

  it('is a 2xx whose body is not JSON: not retried (the write may have been done), never connectionFailed', async () => {
    const client = await clientOf([{ kind: 'raw', status: 201, body: '<html>Created</html>', contentType: 'text/html' }, { kind: 'ok' }]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.error).toMatchObject({ code: 'invalidResponse', statusCode: 201, attempts: 1, correlationId: correlationOf(1) });
    expect(result.error?.message).toBe('The service answered 201 with a body that is not JSON.');
    expect(result.response?.status).toBe(201);
    expect(stub.requests).toHaveLength(1);
  });
});

describe('the types', () => {
  it('type data by the operation and error.code by the closed catalogue', async () => {
    const client = await clientOf([{ kind: 'error', status: 404, code: 'customerNotFound' }]);
    const { data, error } = await client.GET('/v1/customers/{customerId}', { params: { path: { customerId: 'cus_x' } } });
    // `never` would extend anything: the id's type is what shows that `data` is the customer.
    expectTypeOf(data).not.toBeNever();
    expectTypeOf(data).toExtend<Schemas['Customer'] | undefined>();
    expectTypeOf<NonNullable<typeof data>['id']>().toEqualTypeOf<string>();
    expectTypeOf(error?.code).toEqualTypeOf<PaymentsErrorCode | undefined>();
    // Testing `error` narrows the result: on the other side `data` is the operation's body, not `… | undefined`.
    const narrowed = async () => {
      const created = await client.POST('/v1/customers', { body: customer });
      if (created.error) return created.error.code;
      expectTypeOf(created.data).toEqualTypeOf<NonNullable<typeof created.data>>();
      expectTypeOf(created.data.id).toEqualTypeOf<string>();
      const { data: list, error: failed } = await client.GET('/v1/customers');
      if (failed) return failed.code;
      expectTypeOf(list.hasMore).toEqualTypeOf<boolean>();
      return created.data.id;
    };
    expectTypeOf(narrowed).returns.resolves.toEqualTypeOf<string>();
    // @ts-expect-error: a body missing its required fields does not compile
    void (() => client.POST('/v1/customers', { body: { firstName: 'Maria' } }));
    // @ts-expect-error: a path the contract does not have does not compile
    void (() => client.GET('/v1/clients'));
    expect(error?.code).toBe('customerNotFound');
  });
});

describe('the main entry', () => {
  it("imports nothing of Node (it runs in browsers), nor do the modules it imports", async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const seen = new Set<string>();
    const visit = async (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(file, 'utf8');
      const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/g)].map((m) => m[1]!);
      expect(source, `${file} loads a module dynamically`).not.toMatch(/\b(?:import|require)\s*\(/);
      for (const spec of specifiers) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(/^node:|^(fs|path|url|crypto|http|https|net|os|stream|buffer|util)(\/|$)/);
        if (spec.startsWith('./') && !spec.endsWith('schema.js')) await visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    };
    await visit(resolve(here, '../src/index.ts'));
    expect([...seen].map((f) => f.split('/').pop())).toEqual(['index.ts', 'errors.ts', 'retry.ts']);
  });
});
