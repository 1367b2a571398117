import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ApiError } from '../../core/errors';
import { assertTransition, canTransition, ENDED_UNPAID, ENDED_UNPAID_EVENTS, eventOf, OPERATIONS, STATUSES, TERMINAL, TRANSITIONS, type TransactionStatus } from './status';

/** The transition table written in the spec's `TransactionStatus` description, as (from, to) pairs. */
function specPairs(): Set<string> {
  const file = resolve(import.meta.dirname, '../../../spec/components/schemas/TransactionStatus.yaml');
  const description = (parse(readFileSync(file, 'utf8')) as { description: string }).description;
  const pairs = new Set<string>();
  for (const line of description.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 4 || !cells[1]?.startsWith('`')) continue;
    const statuses = (cell: string) => [...cell.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    for (const from of statuses(cells[1]!)) for (const to of statuses(cells[2]!)) pairs.add(`${from} -> ${to}`);
  }
  return pairs;
}

const codePairs = new Set(STATUSES.flatMap((from) => TRANSITIONS[from].map((to) => `${from} -> ${to}`)));

describe('transaction state machine', () => {
  it('is the table the spec documents, pair for pair', () => {
    const spec = specPairs();
    expect(spec.size).toBeGreaterThan(20);
    expect([...codePairs].sort()).toEqual([...spec].sort());
  });

  it('knows all twelve statuses of the seed, five of them terminal', () => {
    expect(STATUSES.sort()).toEqual(
      ['analyzing', 'approved', 'awaiting', 'canceled', 'chargeback', 'dispute', 'failed', 'fraud-review',
        'pending', 'pre-authorized', 'refunded', 'refused'],
    );
    expect([...TERMINAL].sort()).toEqual(['canceled', 'chargeback', 'failed', 'refunded', 'refused']);
  });

  const legal = [...codePairs].map((p) => p.split(' -> ') as [TransactionStatus, TransactionStatus]);
  it.each(legal)('allows %s -> %s and names its event', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition('tra_x', from, to)).not.toThrow();
    expect(eventOf(to)).toBe(`transaction.${to}`);
  });

  const illegal: [TransactionStatus, TransactionStatus][] = [
    ['pending', 'refunded'], ['pending', 'chargeback'], ['pending', 'dispute'], ['pending', 'fraud-review'],
    ['approved', 'canceled'], ['approved', 'pending'], ['approved', 'pre-authorized'], ['pre-authorized', 'refunded'],
    ['pre-authorized', 'failed'], ['dispute', 'refunded'], ['analyzing', 'canceled'], ['awaiting', 'refused'],
    ['refunded', 'approved'], ['canceled', 'approved'], ['failed', 'approved'], ['chargeback', 'approved'],
    ['refused', 'analyzing'], ['approved', 'approved'],
  ];
  it.each(illegal)('refuses %s -> %s with 422 invalidTransition', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    let thrown: unknown;
    try {
      assertTransition('tra_x', from, to);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('invalidTransition');
    expect((thrown as ApiError).resource).toBe('transaction');
  });

  it('allows each merchant operation from the statuses of the spec\'s "Capture, refund, cancel" table', () => {
    const chapter = readFileSync(resolve(import.meta.dirname, '../../../spec/descriptions/tag-transactions.md'), 'utf8');
    const table = chapter.slice(chapter.indexOf('## Capture, refund, cancel'));
    const documented: Record<string, string[]> = {};
    for (const line of table.split('\n')) {
      const m = /^\| `POST …\/(\w+)` \| ([^|]+) \|/.exec(line);
      if (m) documented[m[1]!] = [...m[2]!.matchAll(/`([a-z-]+)`/g)].map((x) => x[1]!);
    }
    expect(documented).toEqual(Object.fromEntries(Object.entries(OPERATIONS).map(([op, from]) => [op, [...from]])));
  });

  it('ends unpaid exactly in the terminal statuses that no approval leads to', () => {
    const paid = new Set<TransactionStatus>(['approved']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const from of [...paid]) for (const to of TRANSITIONS[from]) if (!paid.has(to)) grew = Boolean(paid.add(to));
    }
    expect([...ENDED_UNPAID].sort()).toEqual(TERMINAL.filter((s) => !paid.has(s)).sort());
    expect([...ENDED_UNPAID_EVENTS].sort()).toEqual(['transaction.canceled', 'transaction.failed', 'transaction.refused']);
  });

  it('lets nothing leave a terminal status', () => {
    for (const from of TERMINAL) for (const to of STATUSES) expect(canTransition(from, to)).toBe(false);
  });
});
