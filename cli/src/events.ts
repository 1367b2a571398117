/** `payments events list` and `payments events resend <eventId>`: the delivery history, over the API's own operations. */
import type { Schemas } from '@payments-service/client';
import { apiFailure, clockTime, isProductionKey, UsageError, textTable } from './context.js';
import type { Command, Flags } from './command.js';

type WebhookEvent = Schemas['WebhookEvent'];

const EVENT_ID = /^wbh_[0-9A-Za-z]+$/;
const ENDPOINT_ID = /^wbe_[0-9A-Za-z]+$/;

export const eventsList: Command = {
  summary: 'the latest webhook events and their delivery status',
  usage: 'payments events list [--type <type>] [--limit <n>] [--json]',
  help: `Lists the webhook events of the key's mode, newest first: id, type, the resource it is about, when it
happened, and its delivery status to your registered endpoints (delivered, pending, failed, or "no endpoint"
when none was subscribed). Events are kept 30 days.

flags:
  --type <type>   only events of this type (transaction.approved, customer.created, …)
  --limit <n>     how many, 1 to 100 (default 20)
  --json          the events as the API returns them, as a JSON array`,
  options: { type: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
  positionals: [],
  check(flags) {
    limitOf(flags);
  },
  async run(ctx, flags) {
    const query: Record<string, unknown> = { limit: limitOf(flags) };
    if (typeof flags.type === 'string') query.type = flags.type;
    const result = await ctx.client.GET('/v1/webhooks/events', { params: { query: query as { limit: number } }, signal: ctx.signal });
    if (result.error) throw apiFailure(ctx, result.error, 'events list');
    const events = result.data.data;
    if (flags.json) {
      ctx.io.stdout(`${JSON.stringify(events, null, 2)}\n`);
      return 0;
    }
    if (events.length === 0) {
      ctx.io.stdout(typeof flags.type === 'string' ? `No ${flags.type} events.\n` : 'No events.\n');
      return 0;
    }
    const rows = events.map((e) => [e.id, e.type, e.resourceId, clockTime(Date.parse(e.createdAt)), deliveryStatus(e)]);
    ctx.io.stdout(textTable(['ID', 'TYPE', 'RESOURCE', 'CREATED', 'DELIVERY'], rows));
    if (result.data.hasMore) ctx.io.stdout(`(${result.data.total} in all; --limit shows up to 100)\n`);
    return 0;
  },
};

export const eventsResend: Command = {
  summary: 'deliver an event again to your endpoints and to running listen sessions',
  usage: 'payments events resend <eventId> [--endpoint <wbe_…>] [--json]',
  help: `Sends an event again (POST /v1/webhooks/events/{eventId}/redeliver) to every registered endpoint that is
enabled and subscribed to its type and, with a sandbox key, to every running \`payments listen\`, which forwards it
to its receiver once more, signed with the listen secret. With --endpoint, only to that endpoint. The delivery
carries the same id, type and payload as the original, with "source": "manual".

flags:
  --endpoint <wbe_…>   only this endpoint (not the listen sessions)
  --json               the event with its dispatches, as the API returns it`,
  options: { endpoint: { type: 'string' }, json: { type: 'boolean' } },
  positionals: ['eventId'],
  check(flags, [eventId]) {
    if (!EVENT_ID.test(eventId!)) throw new UsageError(`not an event id: ${eventId} (event ids look like wbh_7Rf3EdC9wSx5QaZk)`);
    if (flags.endpoint !== undefined && !ENDPOINT_ID.test(String(flags.endpoint))) {
      throw new UsageError(`--endpoint takes an endpoint id like wbe_4Tg8YhU2jIk6OlPm (got ${String(flags.endpoint)})`);
    }
  },
  async run(ctx, flags, [eventId]) {
    const endpoint = typeof flags.endpoint === 'string' ? flags.endpoint : undefined;
    // No body: the service's default is the Stripe CLI's, endpoints and (sandbox) listen sessions.
    const result = await ctx.client.POST('/v1/webhooks/events/{eventId}/redeliver', {
      params: { path: { eventId: eventId! } },
      ...(endpoint ? { body: { endpointId: endpoint } } : {}),
      signal: ctx.signal,
    });
    if (result.error) throw apiFailure(ctx, result.error, 'events resend');
    const event = result.data;
    if (flags.json) {
      ctx.io.stdout(`${JSON.stringify(event, null, 2)}\n`);
      return 0;
    }
    ctx.io.stdout(resentLine(event, endpoint === undefined && !isProductionKey(ctx.apiKey)));
    return 0;
  },
};

function limitOf(flags: Flags): number {
  if (flags.limit === undefined) return 20;
  const text = String(flags.limit).trim();
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 100) throw new UsageError(`--limit takes a whole number from 1 to 100 (got "${text}")`);
  return Number(text);
}

/** The delivery status as the API's `status` filter reads it from the dispatches (WebhookEvent's description). */
export function deliveryStatus(event: WebhookEvent): string {
  const statuses = event.dispatches.map((d) => d.status as string);
  if (statuses.length === 0) return 'no endpoint';
  if (statuses.some((s) => s === 'pending' || s === 'delivering')) return 'pending';
  if (statuses.includes('failed')) return 'failed';
  return 'delivered';
}

/**
 * `Resent wbh_… (transaction.approved): dispatch wdi_… to https://… (delivering); and to running listen sessions.`:
 * what this call sent (its dispatches are the newest manual ones).
 */
function resentLine(event: WebhookEvent, toListen: boolean): string {
  const manual = event.dispatches.filter((d) => d.source === 'manual');
  const newest = manual.reduce((latest, d) => (d.createdAt > latest ? d.createdAt : latest), '');
  const made = manual.filter((d) => d.createdAt === newest);
  const to = made.map((d) => `dispatch ${d.id} to ${d.endpoint} (${d.status})`);
  if (toListen) to.push(made.length > 0 ? 'and to running listen sessions' : 'to running listen sessions');
  if (to.length === 0) return `Resent ${event.id} (${event.type}).\n`;
  return `Resent ${event.id} (${event.type})${made.length > 0 ? ': ' : ' '}${to.join('; ')}.\n`;
}
