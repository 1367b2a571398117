import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CYCLE_TRANSITIONS, SUBSCRIPTION_TRANSITIONS, subscriptionEventOf } from './status';

/** The transition table (`| from | trigger | to |`) of a spec schema's description, as (from, to) pairs. */
function specPairs(schema: string): string[] {
  const file = resolve(import.meta.dirname, `../../../spec/components/schemas/${schema}.yaml`);
  const description = (parse(readFileSync(file, 'utf8')) as { description: string }).description;
  const pairs = new Set<string>();
  for (const line of description.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || !cells[1]?.startsWith('`')) continue;
    const statuses = (cell: string) => [...cell.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    for (const from of statuses(cells[1]!)) for (const to of statuses(cells[3]!)) pairs.add(`${from} -> ${to}`);
  }
  return [...pairs].sort();
}

const pairsOf = (table: Record<string, readonly string[]>) =>
  Object.entries(table).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`)).sort();

describe('subscription and billing cycle state machines', () => {
  it('are the tables the spec documents, pair for pair', () => {
    expect(pairsOf(SUBSCRIPTION_TRANSITIONS)).toEqual(specPairs('SubscriptionStatus'));
    expect(pairsOf(CYCLE_TRANSITIONS)).toEqual(specPairs('BillingCycleStatus'));
    expect(specPairs('SubscriptionStatus').length).toBeGreaterThan(15);
  });

  it.each([
    ['pending', 'active', 'subscription.activated'],
    ['past-due', 'active', 'subscription.activated'],
    ['paused', 'active', 'subscription.resumed'],
    ['active', 'paused', 'subscription.paused'],
    ['active', 'past-due', 'subscription.past-due'],
    ['past-due', 'unpaid', 'subscription.unpaid'],
    ['active', 'canceled', 'subscription.canceled'],
    ['active', 'expired', 'subscription.expired'],
    ['pending', 'trialing', null],
  ] as const)('%s -> %s records %s', (from, to, event) => {
    expect(subscriptionEventOf(from, to)).toBe(event);
  });
});
