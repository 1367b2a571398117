import type { SandboxHandlers } from '../../../generated/operations';
import { requireSandbox } from '../../core/tenancy';
import { eventNotFound } from '../../domain/webhooks/history';
import { openingPosition } from '../../db/stream-position';
import { listenSecret, positionAfter } from '../../webhooks/stream';
import type { Ctx } from '../context';
import { sandboxEventStream, streamed } from '../event-stream';

/** The sandbox's event stream (`GET /v1/sandbox/events/stream`), for the CLI's `listen`. */
export const sandboxEventsHandlers: Pick<SandboxHandlers<Ctx>, 'streamSandboxEvents'> = {
  async streamSandboxEvents(req, ctx) {
    const scope = ctx.scope;
    requireSandbox(scope, 'The event stream needs a sandbox key (sk_test_…).');
    // Express keeps header names in lower case; the generated type spells them as the spec does.
    const last = (req.headers as Record<string, string | undefined>)['last-event-id'];
    // Where the stream starts is settled before it opens, so that an unknown Last-Event-ID is a 404 envelope.
    const from = last ? await positionAfter(ctx.db, scope, last) : await openingPosition(ctx.db);
    if (!from) throw eventNotFound(last!);
    const types = req.query.type === undefined ? null : [req.query.type].flat();
    const secret = listenSecret(ctx.webhooks.sealer, scope.merchantId);
    return streamed((res, env) => sandboxEventStream(env, res, { db: ctx.db, scope, from, types, secret }));
  },
};
