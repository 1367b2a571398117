/** A sandbox clock as the API shows it: the list item, and the resource with its merchant and links. */
import type { components } from '../../../generated/schema';
import type { Links } from '../../core/links';
import type { Merchant } from '../../core/tenancy';
import type { ClockDetailRow, ClockRow } from './repo';

export type SandboxClock = components['schemas']['SandboxClock'];
export type SandboxClockListItem = components['schemas']['SandboxClockListItem'];

export const CLOCKS_PATH = '/v1/sandbox/clocks';

export function clockLinks(id: string): Links {
  const self = `${CLOCKS_PATH}/${id}`;
  return {
    self: { href: self, method: 'GET', description: 'Read this clock' },
    advance: { href: `${self}/advance`, method: 'POST', description: 'Advance this clock' },
    subscriptions: { href: `${self}/subscriptions`, method: 'POST', description: 'Attach a subscription to this clock' },
    list: { href: CLOCKS_PATH, method: 'GET', description: 'List sandbox clocks' },
  };
}

export function clockItem(row: ClockRow): SandboxClockListItem {
  return {
    id: row.id,
    name: row.name,
    now: row.now.toISOString(),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function clockView(row: ClockDetailRow, merchant: Merchant): SandboxClock {
  return {
    ...clockItem(row),
    nextJobAt: row.next_job_at?.toISOString() ?? null,
    subscriptionCount: row.subscription_count,
    merchant,
    _links: clockLinks(row.id),
  };
}
