/**
 * `GET /v1/events` and `GET /v1/events/:id`. The list is newest first and filters as the API reference says:
 * `type` (one type, or a group with `*` as a wildcard: `charge.dispute.*`), `types[]` (up to 20 exact types, not with
 * `type`), `created` (exact or a range), with the usual `limit` and cursors.
 */
import { invalidParam, missing } from './errors';
import { createdFilter, page } from './list';
import { ok, type Route } from './route';
import type { FakeEvent } from './state';

function typeMatcher(pattern: string): (type: string) => boolean {
  if (!pattern.includes('*')) return (t) => t === pattern;
  const re = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (t) => re.test(t);
}

/** A copy of the event as the API shows it. */
export function eventView(e: FakeEvent): FakeEvent {
  return structuredClone(e);
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/v1\/events$/,
    handle: (ctx) => {
      const p = ctx.params;
      p.only(['type', 'types', 'created', 'limit', 'starting_after', 'ending_before', 'delivery_success']);
      const type = p.str('type');
      const types = p.strArray('types', { max: 20 });
      if (type !== undefined && types !== undefined) {
        throw invalidParam('You may only specify one of these parameters: type, types.', 'types', 'parameters_exclusive');
      }
      const matchesType = type !== undefined ? typeMatcher(type) : types !== undefined ? (t: string) => types.includes(t) : () => true;
      const inCreated = createdFilter(p);
      const success = p.bool('delivery_success');
      const items = ctx.state.events
        .filter((e) => matchesType(e.type) && inCreated(e.created) && (success === undefined || (e.pending_webhooks === 0) === success))
        .reverse()
        .map(eventView);
      return ok(page(items, p, '/v1/events', 'event'));
    },
  },
  {
    method: 'GET',
    path: /^\/v1\/events\/([^/]+)$/,
    handle: (ctx) => {
      ctx.params.only(['expand']);
      const event = ctx.state.eventsById.get(ctx.pathParams[0]!);
      if (event === undefined) throw missing('event', ctx.pathParams[0]!);
      return ok(eventView(event));
    },
  },
];
