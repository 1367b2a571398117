/**
 * The pages' one stylesheet and one script: committed files in `assets/`, read once, served from this origin with a
 * year's cache. Pages link them with `?v=` and a hash of their content, so a changed file is a new address.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import express, { type Router } from 'express';
import { pageHeaders } from './headers';

const DIR = resolve(import.meta.dirname, 'assets');

const FILES = {
  css: { path: '/assets/checkout.css', type: 'text/css; charset=utf-8', body: readFileSync(resolve(DIR, 'checkout.css')) },
  js: { path: '/assets/checkout.js', type: 'text/javascript; charset=utf-8', body: readFileSync(resolve(DIR, 'checkout.js')) },
};

const versionOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

export const ASSET_VERSION = { css: versionOf(FILES.css.body), js: versionOf(FILES.js.body) };

export function assetsRouter(): Router {
  const router = express.Router();
  for (const file of Object.values(FILES)) {
    router.get(file.path, (_req, res) => {
      pageHeaders(res, 'public, max-age=31536000, immutable');
      res.type(file.type).send(file.body);
    });
  }
  return router;
}
