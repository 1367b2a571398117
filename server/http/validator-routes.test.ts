/**
 * The compiled route lookup gives what the validator's own lookup gives, for every route of the contract, every
 * method, encoded and malformed parameters and unknown paths: `req.openapi`, `req.params` and the same errors.
 */
import { createRequire } from 'node:module';
import type { Request, RequestHandler } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../generated/operations';
import { readSpec } from './spec';
import { compiledMetadata, type ValidatorContext } from './validator-routes';

const lib = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const { OpenApiSpecLoader } = lib('./framework/openapi.spec.loader.js') as {
  OpenApiSpecLoader: new (opts: Record<string, unknown>) => { load(): Promise<Record<string, unknown>> };
};
const { OpenApiContext } = lib('./framework/openapi.context.js') as {
  OpenApiContext: new (spec: Record<string, unknown>, ignorePaths: undefined, ignoreUndocumented: boolean, useRequestUrl: boolean) => ValidatorContext;
};
const { applyOpenApiMetadata } = lib('./middlewares/openapi.metadata.js') as {
  applyOpenApiMetadata: (context: ValidatorContext, responseApiDoc: unknown) => RequestHandler;
};

interface Outcome {
  openapi: unknown;
  params: unknown;
  error: { name: string; status: number; message: string; headers?: unknown } | null;
  next: boolean;
}

function run(handler: RequestHandler, method: string, url: string, options: { sensitive?: boolean } = {}): Outcome {
  const req = {
    method,
    url,
    originalUrl: url,
    path: url.split('?')[0],
    baseUrl: '',
    params: {},
    app: { enabled: (name: string) => name === 'case sensitive routing' && options.sensitive === true },
  } as unknown as Request & { openapi?: unknown };
  let next = false;
  let error: Outcome['error'] = null;
  try {
    void handler(req, {} as never, () => (next = true));
  } catch (err) {
    const e = err as { name: string; status: number; message: string; headers?: unknown };
    error = { name: e.name, status: e.status, message: e.message, headers: e.headers };
  }
  return { openapi: req.openapi, params: req.params, error, next };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** Request paths: every route with plain, encoded and malformed parameters, and paths no route has. */
function samplePaths(): string[] {
  const paths = new Set<string>();
  for (const r of routes) {
    for (const value of ['tra_8Hq2LmZx4RtY7vKc', 'a%20b%2Fc', '%E0%A4%A', 'listall']) {
      paths.add(r.path.replace(/:[A-Za-z]+/g, value));
      paths.add(`${r.path.replace(/:[A-Za-z]+/g, value)}/`);
    }
  }
  for (const p of ['/v1', '/v1/', '/v1/nothing', '/v1/transactions/x/y/z', '/docs', '/V1/TRANSACTIONS', '/v1/transactions?limit=5']) paths.add(p);
  return [...paths];
}

describe('the compiled route lookup', () => {
  let spec: Record<string, unknown>;
  beforeAll(async () => {
    spec = await new OpenApiSpecLoader({ apiDoc: readSpec(), validateApiSpec: false, $refParser: { mode: 'bundle' } }).load();
  });

  it.each([
    { ignoreUndocumented: true, responses: true, sensitive: false },
    { ignoreUndocumented: false, responses: false, sensitive: false },
    { ignoreUndocumented: true, responses: true, sensitive: true },
  ])('matches the validator on every route and method (%o)', ({ ignoreUndocumented, responses, sensitive }) => {
    const context = new OpenApiContext(spec, undefined, ignoreUndocumented, false);
    const responseDoc = responses ? (spec.apiDoc as { paths: Record<string, Record<string, unknown>> }) : null;
    const theirs = applyOpenApiMetadata(context, responseDoc);
    const ours = compiledMetadata(context, responseDoc);
    let matched = 0;
    let refused = 0;
    for (const path of samplePaths()) {
      for (const method of METHODS) {
        const expected = run(theirs, method, path, { sensitive });
        expect(run(ours, method, path, { sensitive }), `${method} ${path}`).toStrictEqual(expected);
        if (expected.openapi) matched += 1;
        if (expected.error) refused += 1;
      }
    }
    // The samples reach every branch: operations found, and (when undocumented paths are refused) errors.
    expect(matched).toBeGreaterThan(routes.length);
    if (!ignoreUndocumented) expect(refused).toBeGreaterThan(0);
  });
});

describe('validatorWithCompiledRoutes', () => {
  it('puts the compiled lookup in the validator it builds', async () => {
    const OpenApiValidator = await import('express-openapi-validator');
    const { validatorWithCompiledRoutes } = await import('./validator-routes');
    validatorWithCompiledRoutes({ apiSpec: readSpec(), validateApiSpec: false, ignoreUndocumented: true });
    const instance = (OpenApiValidator.middleware as unknown as { _oav: { metadataMiddleware: unknown } })._oav;
    expect(instance.metadataMiddleware).toBe(compiledMetadata);
  });
});
