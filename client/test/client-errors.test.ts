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

  it('never throw for the network: an unreachable service, a fetch that throws', async () => {
    const refused = createPaymentsClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sk_test_x', maxRetries: 0 });
    await expect(refused.GET('/v1/customers')).resolves.toMatchObject({ error: { code: 'connectionFailed', statusCode: 0, category: 'network' } });
    const throwing = createPaymentsClient({ baseUrl: 'http://stub.invalid', apiKey: 'sk_test_x', maxRetries: 0, fetch: () => { throw new TypeError('boom'); } });
    const thrown = await throwing.POST('/v1/customers', { body: customer });
    expect(thrown.error).toMatchObject({ code: 'connectionFailed', message: 'The request could not reach the service: boom.' });
    expect(thrown.error?.cause).toBeInstanceOf(TypeError);
  });

  it('are thrown for a bug of the caller, never sent nor retried: a body JSON cannot hold, a header value fetch refuses', async () => {
    const client = await clientOf([]);
    const bigint = { ...customer, metadata: { n: 10n } } as unknown as typeof customer;
    await expect(client.POST('/v1/customers', { body: bigint })).rejects.toThrow(TypeError);
    await expect(client.GET('/v1/customers', { headers: { 'X-Trace': 'a\nb' } })).rejects.toThrow(TypeError);
    await expect(client.paginate('/v1/customers', { headers: { 'X-Trace': 'a\nb' } } as never).next()).rejects.toThrow(TypeError);
    expect(stub.requests).toHaveLength(0);
  });

  it('are connectionFailed, with the answer\'s correlation id, when the connection drops in the body; retried', async () => {
    const client = await clientOf([{ kind: 'cut', status: 200 }, { kind: 'cut', status: 200 }, { kind: 'ok', body: { id: 'cus_1' } }], { maxRetries: 1 });
    const failed = await client.GET('/v1/customers');
    expect(failed.error).toMatchObject({ code: 'connectionFailed', statusCode: 0, category: 'network', attempts: 2, correlationId: correlationOf(2) });
    expect((await client.GET('/v1/customers')).data).toEqual({ id: 'cus_1' });
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

describe('a success without a body', () => {
  it.each([
    ['Content-Length: 0', false],
    ['chunked, without a chunk', true],
  ])('is invalidResponse (%s), not retried, with the answer and its correlation id', async (_, chunked) => {
    const client = await clientOf([{ kind: 'empty', status: 201, chunked }, { kind: 'ok' }]);
    const result = await client.POST('/v1/customers', { body: customer });
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'invalidResponse', statusCode: 201, category: 'server', attempts: 1, correlationId: correlationOf(1), message: 'The service answered 201 without a body.' });
    expect(result.response?.status).toBe(201);
    expect(result.correlationId).toBe(correlationOf(1));
    expect(stub.requests).toHaveLength(1);
  });

  it('is a success when it is a 204 (no content by definition)', async () => {
    const client = await clientOf([{ kind: 'empty', status: 204 }]);
    const result = await client.DELETE('/v1/wallets/{walletId}', { params: { path: { walletId: 'wall_1' } } });
    expect(result.error).toBeUndefined();
    expect(result.response?.status).toBe(204);
  });

  it('is never right in the contract: every success of every operation but a 204 documents a body', async () => {
    // The rule above holds while this does: an operation answering a 2xx without a body must revisit it.
    const here = dirname(fileURLToPath(import.meta.url));
    const spec = JSON.parse(await readFile(resolve(here, '../../generated/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { responses?: Record<string, { $ref?: string; content?: object }> }>>;
      components: { responses?: Record<string, { content?: object }> };
    };
    const bodiless: string[] = [];
    let successes = 0;
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (!/^2\d\d$/.test(status) || status === '204') continue;
          successes++;
          const resolved = response.$ref ? spec.components.responses?.[response.$ref.split('/').pop()!] : response;
          if (!resolved?.content || Object.keys(resolved.content).length === 0) bodiless.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(successes).toBeGreaterThan(50);
    expect(bodiless).toEqual([]);
  });
});

describe('the time limit', () => {
  it("keeps the answer's correlation id when it runs out in the body", async () => {
    const client = await clientOf([{ kind: 'stall', status: 200 }], { timeoutMs: 150, maxRetries: 0 });
    const result = await client.GET('/v1/customers');
    expect(result.error).toMatchObject({ code: 'timeout', statusCode: 0, attempts: 1, correlationId: correlationOf(1) });
    expect(result.correlationId).toBe(correlationOf(1));
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
    expect([...seen].map((f) => f.split('/').pop())).toEqual(['index.ts', 'errors.ts', 'options.ts', 'paginate.ts', 'retry.ts']);
  });
});
