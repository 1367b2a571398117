/** The bundled contract the HTTP layer validates against, serves and distils errors with: one path, one reader. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** `generated/openapi.json`, made by `npm run generate`. */
export const SPEC_PATH = resolve(import.meta.dirname, '../../generated/openapi.json');

/** A fresh parsed copy of the contract: the validator annotates the document it is given, so none is shared. */
export function readSpec<T = Record<string, unknown>>(): T {
  return JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as T;
}
