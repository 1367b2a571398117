/**
 * express-openapi-validator's route lookup, with each route's pattern compiled once.
 *
 * The validator (5.6) finds a request's operation in its "metadata" step by compiling the path pattern of every route,
 * in order, with path-to-regexp, on every request, until one matches: a `GET /v1/transactions/{id}` compiled dozens of
 * patterns, 7 % of its CPU. `compiledMetadata` is that step with the patterns compiled once per pair of routing
 * options: the same routes in the same order, compiled by the validator's own path-to-regexp with the same options,
 * and the same outcome (`req.openapi`, `req.params`, the same errors), so what is validated does not change.
 *
 * It replaces the validator's step through the instance's `metadataMiddleware` factory, which the validator calls
 * once, on its first request; `validatorWithCompiledRoutes` fails at start-up if a new version of the validator no longer has
 * it (the lookup would silently be slow again otherwise). Its equivalence with the validator's own lookup, route by
 * route, is a test (validator-routes.test.ts).
 */
import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

// The validator's own modules, resolved from where it is installed: the same path-to-regexp it compiles with.
const fromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const { pathToRegexp } = fromValidator('path-to-regexp') as {
  pathToRegexp(path: string, options: { sensitive: boolean; strict: boolean }): { regexp: RegExp; keys: { name: string }[] };
};
const { httpMethods } = fromValidator('./middlewares/parsers/schema.preprocessor.js') as { httpMethods: Set<string> };

type Operations = Record<string, unknown>;
interface RouteMethods {
  basePath: string;
  _openApiRoute: string;
  _expressRoute: string;
}

/** What the lookup reads of the validator's `OpenApiContext`. */
export interface ValidatorContext {
  apiDoc: { paths: Record<string, Operations> };
  expressRouteMap: Record<string, RouteMethods>;
  openApiRouteMap: Record<string, Operations>;
  ignoreUndocumented: boolean;
  useRequestUrl: boolean;
  serial: number;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
}

type ResponseDoc = { paths: Record<string, Operations> } | null | undefined;

interface Route {
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
}

interface Compiled {
  route: Route;
  regexp: RegExp;
  keys: string[];
}

interface OpenApiRequest extends Request {
  openapi?: Record<string, unknown>;
}

/** The validator's metadata step over `context`, its patterns compiled on first use of each pair of options. */
export function compiledMetadata(context: ValidatorContext, responseApiDoc: ResponseDoc): RequestHandler {
  // The validator's order: the entries of its route map, static routes before parameters.
  const routes: Route[] = Object.values(context.expressRouteMap).map((methods) => ({
    expressRoute: methods._expressRoute,
    openApiRoute: methods._openApiRoute,
    pathKey: methods._openApiRoute.substring(methods.basePath.length),
  }));
  const compiled = new Map<string, Compiled[]>();
  const compiledFor = (sensitive: boolean, strict: boolean): Compiled[] => {
    const key = `${sensitive}/${strict}`;
    let list = compiled.get(key);
    if (!list) {
      list = routes.map((route) => {
        const { regexp, keys } = pathToRegexp(route.expressRoute, { sensitive, strict });
        return { route, regexp, keys: keys.map((k) => k.name) };
      });
      compiled.set(key, list);
    }
    return list;
  };

  function lookup(req: Request) {
    const path = (context.useRequestUrl ? req.url : req.originalUrl).split('?')[0]!;
    const method = req.method.toLowerCase();
    for (const { route, regexp, keys } of compiledFor(!!req.app.enabled('case sensitive routing'), !!req.app.enabled('strict routing'))) {
      const matched = regexp.exec(path);
      if (!matched) continue;
      const schema = context.apiDoc.paths[route.pathKey]![method];
      const responseSchema = responseApiDoc?.paths[route.pathKey]![method];
      let values: string[];
      try {
        values = matched.slice(1).map((v) => decodeURIComponent(v));
      } catch {
        throw new OpenApiValidator.error.BadRequest({ path: req.path, message: `malformed uri'` });
      }
      const pathParams: Record<string, string | undefined> = {};
      keys.forEach((k, i) => (pathParams[k] = values[i]));
      return { schema, responseSchema, expressRoute: route.expressRoute, openApiRoute: route.openApiRoute, pathParams };
    }
    return null;
  }

  return (req: OpenApiRequest, _res: Response, next: NextFunction) => {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (context.shouldIgnoreRoute(path)) return next();
    const matched = lookup(req);
    if (matched) {
      const { schema, responseSchema, expressRoute, openApiRoute, pathParams } = matched;
      if (!schema) {
        // A path that matches with a method it does not have.
        if (context.ignoreUndocumented) return next();
        throw new OpenApiValidator.error.MethodNotAllowed({
          path: req.path,
          message: `${req.method} method not allowed`,
          headers: { Allow: Object.keys(context.openApiRouteMap[openApiRoute]!).filter((k) => httpMethods.has(k.toLowerCase())).join(', ') },
        });
      }
      req.openapi = { expressRoute, openApiRoute, pathParams, schema, serial: context.serial };
      req.params = pathParams as Request['params'];
      if (responseApiDoc) req.openapi._responseSchema = responseSchema;
    } else if (context.isManagedRoute(path) && !context.ignoreUndocumented) {
      throw new OpenApiValidator.error.NotFound({ path: req.path, message: 'not found' });
    }
    next();
  };
}

/**
 * `OpenApiValidator.middleware(options)` with the compiled lookup in place of the validator's own: to be called
 * before the validator serves its first request (it builds its metadata step then).
 */
export function validatorWithCompiledRoutes(options: Parameters<typeof OpenApiValidator.middleware>[0]): ReturnType<typeof OpenApiValidator.middleware> {
  const handlers = OpenApiValidator.middleware(options);
  // `middleware()` keeps the instance it just built; its metadata step is made by this factory on the first request.
  const instance = (OpenApiValidator.middleware as unknown as { _oav?: Record<string, unknown> })._oav;
  if (!instance || typeof instance.metadataMiddleware !== 'function') {
    throw new Error('express-openapi-validator no longer builds its route lookup with metadataMiddleware: see server/http/validator-routes.ts');
  }
  instance.metadataMiddleware = compiledMetadata;
  return handlers;
}
