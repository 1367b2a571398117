/**
 * Sandbox test clocks for the integration tests: create one, advance it (asserting the `200`), and look at the jobs
 * waiting on it. Recurring-billing tests drive their scenarios with these: a year of cycles is one `advanceClock`.
 */
import { expect } from 'vitest';
import type { components } from '../../generated/schema';
import type { Queryable } from '../db/types';
import type { TestService } from './harness';

export type SandboxClock = components['schemas']['SandboxClock'];

/** A clock of the merchant of `key` (the test service's sandbox key by default), standing at `now` when given. */
export async function createClock(svc: TestService, body: { now?: string | Date; name?: string } = {}, key?: string): Promise<SandboxClock> {
  const json = { ...body, ...(body.now instanceof Date ? { now: body.now.toISOString() } : {}) };
  const res = await svc.call('/v1/sandbox/clocks', { method: 'POST', json, ...(key ? { key } : {}) });
  const out = (await res.json()) as SandboxClock;
  expect(res.status, JSON.stringify(out)).toBe(201);
  return out;
}

/** Advances the clock to `to`, every job due on it until then run; the clock after it. */
export async function advanceClock(svc: TestService, clockId: string, to: string | Date, key?: string): Promise<SandboxClock> {
  const res = await svc.call(`/v1/sandbox/clocks/${clockId}/advance`, {
    method: 'POST',
    json: { to: to instanceof Date ? to.toISOString() : to },
    ...(key ? { key } : {}),
  });
  const out = (await res.json()) as SandboxClock;
  expect(res.status, JSON.stringify(out)).toBe(200);
  expect(out.status).toBe('ready');
  return out;
}

/** Puts a subscription on the clock through the API. */
export async function attachToClock(svc: TestService, clockId: string, subscriptionId: string, key?: string): Promise<SandboxClock> {
  const res = await svc.call(`/v1/sandbox/clocks/${clockId}/subscriptions`, { method: 'POST', json: { subscriptionId }, ...(key ? { key } : {}) });
  const out = (await res.json()) as SandboxClock;
  expect(res.status, JSON.stringify(out)).toBe(200);
  return out;
}

export interface ClockJobRow {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  runAt: Date;
  payload: Record<string, unknown>;
}

/** The jobs on the clock, in due order (every status). */
export async function clockJobs(q: Queryable, clockId: string): Promise<ClockJobRow[]> {
  const res = await q.query<ClockJobRow>(
    `SELECT id, kind, status, attempts, run_at AS "runAt", payload FROM jobs WHERE clock_id = $1 ORDER BY run_at, created_at, id`,
    [clockId],
  );
  return res.rows;
}
