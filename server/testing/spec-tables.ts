/**
 * Reads a transition table as the documentation prints it (a Markdown table in a spec description or a README), for
 * the tests that hold each machine's code table to it. A row names its `from` states and its `to` states in
 * backticks, in the columns given; `(none)` (creation) has no backticks and adds nothing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '../..');

/** The `description` of a schema of the spec (`spec/components/schemas/<name>.yaml`), or of one of its properties. */
export function schemaDescription(name: string, property?: string): string {
  const doc = parse(readFileSync(resolve(ROOT, 'spec/components/schemas', `${name}.yaml`), 'utf8')) as {
    description?: string;
    properties?: Record<string, { description?: string }>;
  };
  const text = property ? doc.properties?.[property]?.description : doc.description;
  if (!text) throw new Error(`no description for ${name}${property ? `.${property}` : ''}`);
  return text;
}

/** The text of a file of the repository from the heading `heading` to the next heading of its level or above. */
export function section(path: string, heading: string): string {
  const text = readFileSync(resolve(ROOT, path), 'utf8');
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`no heading "${heading}" in ${path}`);
  const level = /^#+/.exec(heading)?.[0] ?? '#';
  const rest = text.slice(start + heading.length);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return heading + (next < 0 ? rest : rest.slice(0, next));
}

/** The `from -> to` pairs of the Markdown table in `text`, `from` and `to` read from the columns given (1-based). */
export function tablePairs(text: string, columns: { from: number; to: number }): string[] {
  const pairs = new Set<string>();
  const states = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').map((c) => c.trim());
    for (const from of states(cells[columns.from])) for (const to of states(cells[columns.to])) pairs.add(`${from} -> ${to}`);
  }
  return [...pairs].sort();
}
