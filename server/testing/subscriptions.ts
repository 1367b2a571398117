/** Fixtures of the subscription tests: request bodies, and running billing's jobs in order without waiting. */
import { expect } from 'vitest';
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import { payer, TEST_CARDS } from './payments';
import type { TestService } from './harness';

export type Subscription = components['schemas']['Subscription'];
export type BillingCycle = components['schemas']['BillingCycle'];

export const card = (number: string = TEST_CARDS.visa) => ({ number, holderName: 'MARIA SILVA', expMonth: 12, expYear: 2035, cvv: '987' });

export function subscriptionBody(over: Record<string, unknown> = {}, payment: Record<string, unknown> = { method: 'credit', card: card() }) {
  return { customer: payer(), plan: { amount: 5000, billingFrequency: 'monthly' }, payment, ...over };
}

/** `POST /v1/subscriptions` with the merchant's sandbox key, expecting `201`: the new subscription. */
export async function createSubscription(svc: TestService, body: unknown): Promise<Subscription> {
  const res = await svc.call('/v1/subscriptions', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Subscription;
}

/** `GET /v1/subscriptions/{id}` with the merchant's sandbox key. */
export async function readSubscription(svc: TestService, id: string): Promise<Subscription> {
  return (await (await svc.call(`/v1/subscriptions/${id}`)).json()) as Subscription;
}

/**
 * Makes the earliest pending billing job of the subscription due now and drains the queue: the next step of its
 * calendar, whenever it falls. Returns false when no such job is pending.
 */
export async function runNextBilling(svc: TestService, subscriptionId: string): Promise<boolean> {
  const res = await svc.db.query<{ id: string }>(
    `UPDATE jobs SET run_at = now() WHERE id = (
       SELECT id FROM jobs WHERE status = 'pending' AND kind LIKE 'subscription.%'
          AND (payload->>'subscriptionId' = $1
               OR payload->>'cycleId' IN (SELECT id FROM billing_cycles WHERE subscription_id = $1))
        ORDER BY run_at, id LIMIT 1)
     RETURNING id`,
    [subscriptionId],
  );
  await svc.drain();
  return res.rows.length > 0;
}

export async function cyclesOf(q: Queryable, subscriptionId: string) {
  const res = await q.query<{ cycle: number; status: string; transaction_id: string | null; attempts: number; start_date: string }>(
    `SELECT cycle, status, transaction_id, attempts, to_char(start_date, 'YYYY-MM-DD') AS start_date
       FROM billing_cycles WHERE subscription_id = $1 ORDER BY cycle`,
    [subscriptionId],
  );
  return res.rows;
}

export async function statusOf(q: Queryable, subscriptionId: string): Promise<string> {
  const res = await q.query<{ status: string }>('SELECT status FROM subscriptions WHERE id = $1', [subscriptionId]);
  return res.rows[0]!.status;
}

export interface BillPayload {
  subscriptionId: string;
  cycleId: string;
  attempts: number;
  at: string;
}

/** The payload of the cycle's pending (or, with `status`, other) `subscription.bill` job, to run it directly. */
export async function billJobOf(q: Queryable, cycleId: string, status = 'pending'): Promise<BillPayload> {
  const res = await q.query<{ payload: BillPayload }>(
    `SELECT payload FROM jobs WHERE kind = 'subscription.bill' AND payload->>'cycleId' = $1 AND status = $2
      ORDER BY run_at, id LIMIT 1`,
    [cycleId, status],
  );
  const row = res.rows[0];
  if (!row) throw new Error(`no ${status} billing job for cycle ${cycleId}`);
  return row.payload;
}
