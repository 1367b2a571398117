/**
 * The service's own documentation, outside `/v1` and without a key: the bundled contract at `GET /openapi.json` and
 * the API reference page at `GET /docs` (built by `npm run docs`, and before `npm start` by its `prestart` hook).
 * Mounted before the API's router, so neither is authenticated nor counted against any key's quota.
 */
import { resolve } from 'node:path';
import express, { type NextFunction, type Response, type Router } from 'express';
import { ApiError } from './errors';
import { SPEC_PATH } from './spec';

const ROOT = resolve(import.meta.dirname, '../..');

/** Where `npm run docs` writes the page (scripts/build-docs.ts). */
export const DOCS_PAGE = resolve(ROOT, 'dist/docs/index.html');

/**
 * The page is one self-contained file: inline scripts and styles, images and fonts as data: URIs. The policy allows
 * that and nothing else, so a request to another origin (or back to this one) is refused by the browser even if a
 * later Redoc tried one. `'unsafe-eval'` is there because the bundled Redoc evaluates code from strings on some paths
 * (seen in CI on a loaded machine: the page then broke with "e2 is not defined"); it runs only the page's own code and
 * opens no origin, which is what this policy guards.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  "connect-src 'none'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocsFiles {
  /** The built reference page; default `dist/docs/index.html`. */
  page?: string;
  /** The bundled contract; default `generated/openapi.json`. */
  spec?: string;
}

/** Sends `file`; a missing one becomes `missing()` (when given), any other failure goes to the error renderer. */
function sendFile(res: Response, next: NextFunction, file: string, headers: Record<string, string>, missing?: () => ApiError): void {
  res.sendFile(file, { headers }, (err?: Error & { code?: string }) => {
    if (!err || res.headersSent) return;
    next(missing && err.code === 'ENOENT' ? missing() : err);
  });
}

/** `GET /openapi.json` and `GET /docs` (HEAD too); any other method on them is `405` with `Allow`. */
export function docsRouter(files: DocsFiles = {}): Router {
  const page = files.page ?? DOCS_PAGE;
  const spec = files.spec ?? SPEC_PATH;
  const router = express.Router();
  router.get('/openapi.json', (_req, res, next) => {
    sendFile(res, next, spec, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
  });
  router.get('/docs', (_req, res, next) => {
    sendFile(
      res,
      next,
      page,
      { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Security-Policy': DOCS_CSP },
      () => new ApiError('docsNotBuilt', { message: 'The API reference page is not built: run `npm run docs`.' }),
    );
  });
  router.all(['/openapi.json', '/docs'], (req) => {
    throw new ApiError('methodNotAllowed', {
      message: `${req.method} is not allowed on ${req.path}; allowed: GET, HEAD.`,
      headers: { Allow: 'GET, HEAD' },
    });
  });
  return router;
}
