/** The sandbox test clocks (Sandbox tag): parse, call the clock service, map the answer. */
import type { SandboxHandlers } from '../../../generated/operations';
import { advanceClock, attachSubscription, createClock, getClock, listClocks } from '../../domain/clock/service';
import { clockItem, clockView, CLOCKS_PATH } from '../../domain/clock/view';
import type { Ctx } from '../context';
import { envelope } from '../lists';

type ClockOperations =
  | 'createSandboxClock' | 'createSandboxClockAtClockPath' | 'listSandboxClocks' | 'getSandboxClock'
  | 'advanceSandboxClock' | 'attachSandboxClockSubscription';

export const sandboxClocksHandlers: Pick<SandboxHandlers<Ctx>, ClockOperations> = {
  async createSandboxClock(req, ctx) {
    const row = await createClock(ctx.db, ctx.scope, req.body ?? {});
    return { status: 201, body: clockView(row, ctx.merchant) };
  },

  // The path for the same creation.
  async createSandboxClockAtClockPath(req, ctx) {
    const row = await createClock(ctx.db, ctx.scope, req.body ?? {});
    return { status: 201, body: clockView(row, ctx.merchant) };
  },

  async listSandboxClocks(req, ctx) {
    const { items, total, limit, offset } = await listClocks(ctx.db, ctx.scope, req.query);
    const body = envelope({ data: items.map(clockItem), total, limit, offset, merchant: ctx.merchant }, CLOCKS_PATH, req.query, 'This page');
    body._links.create = { href: CLOCKS_PATH, method: 'POST', description: 'Create a sandbox clock' };
    return { status: 200, body };
  },

  async getSandboxClock(req, ctx) {
    const row = await getClock(ctx.db, ctx.scope, req.params.clockId);
    return { status: 200, body: clockView(row, ctx.merchant) };
  },

  async advanceSandboxClock(req, ctx) {
    const row = await advanceClock(ctx.db, ctx.clocks, ctx.scope, req.params.clockId, req.body.to);
    return { status: 200, body: clockView(row, ctx.merchant) };
  },

  async attachSandboxClockSubscription(req, ctx) {
    const row = await attachSubscription(ctx.db, ctx.scope, req.params.clockId, req.body.subscriptionId);
    return { status: 200, body: clockView(row, ctx.merchant) };
  },
};
