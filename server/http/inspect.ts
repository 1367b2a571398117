/**
 * What no schema says but the service needs of every query and body before validation: no NUL character
 * (PostgreSQL cannot store one in text) and no nesting deeper than MAX_DEPTH. One iterative walk: a recursive one
 * overflows the stack on a body nested 10,000 deep.
 */
import type { RequestHandler } from 'express';
import { ApiError } from './errors';
import { bracketName } from './params';

// JSON has no Infinity, but `1e309` parses to it; the validator's integer and maximum checks both let it through.
const FINITE = 'must be a finite number';

/** Deepest nesting of arrays and objects a request body may have (the deepest the contract needs is 4). */
export const MAX_DEPTH = 32;

// A frame names its parent instead of copying its path: the path is only built for the one value at fault.
interface Frame {
  value: unknown;
  key: string;
  parent: Frame | null;
  depth: number;
}

function pathOf(frame: Frame): string[] {
  const parts: string[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) parts.push(f.key);
  return parts.reverse();
}

/** The first problem of `root`, as a `params` entry, or null. Linear in the size of `root`. */
export function inspect(root: unknown): Record<string, string> | null {
  const stack: Frame[] = [{ value: root, key: '', parent: null, depth: 0 }];
  const nul = (frame: Frame) => ({ [bracketName(pathOf(frame))]: 'must not contain the NUL character' });
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value, depth } = frame;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return nul(frame);
      continue;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) return { [bracketName(pathOf(frame))]: FINITE };
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      // Named by its top-level field: the full path of a hostile nesting would be as long as the nesting.
      return { [bracketName(pathOf(frame).slice(0, 1))]: `must not nest deeper than ${MAX_DEPTH} levels` };
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) {
        const item: unknown = value[i];
        // Only objects get a frame: a 1 MB array of scalars is half a million items.
        if (typeof item === 'string' && item.includes('\u0000')) return nul({ value: item, key: String(i), parent: frame, depth });
        if (typeof item === 'number' && !Number.isFinite(item)) return { [bracketName([...pathOf(frame), String(i)])]: FINITE };
        if (typeof item === 'object' && item !== null) stack.push({ value: item, key: String(i), parent: frame, depth: depth + 1 });
      }
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const k = keys[i]!;
      if (k.includes('\u0000')) return nul(frame);
      const item = (value as Record<string, unknown>)[k];
      if (typeof item === 'string' && item.includes('\u0000')) return nul({ value: item, key: k, parent: frame, depth });
      if (typeof item === 'number' && !Number.isFinite(item)) return { [bracketName([...pathOf(frame), k])]: FINITE };
      if (typeof item === 'object' && item !== null) stack.push({ value: item, key: k, parent: frame, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * After validation: every query value the validator made a number is finite and a safe integer's size. It turns
 * `1e309` into Infinity and lets it pass `maximum`; `99999999999999999999` would overflow PostgreSQL's bigint.
 */
export const finiteQuery: RequestHandler = (req, _res, next) => {
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (typeof value === 'number' && !(Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER)) {
      throw new ApiError('invalidParameters', { params: [{ [name]: `${FINITE} from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}` }] });
    }
  }
  next();
};

/** Refuses a query or body that `inspect` faults with `400 invalidParameters`. */
export const inspectInput: RequestHandler = (req, _res, next) => {
  const problem = inspect(req.query) ?? inspect(req.body);
  if (problem) throw new ApiError('invalidParameters', { params: [problem] });
  next();
};
