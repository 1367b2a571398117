import type { LogsHandlers } from '../../../generated/operations';
import { recentRequests, statusFilter, streamStart } from '../../logs/service';
import type { Ctx } from '../context';
import { streamed } from '../event-stream';
import { envelope } from '../lists';
import { requestLogStream } from '../log-stream';

const PATH = '/v1/logs/requests';

/** The request log: the recent requests of the key's mode, and their stream (`payments logs tail`). */
export const logsHandlers: LogsHandlers<Ctx> = {
  async listRequestLogs(req, ctx) {
    const { items, total, limit, offset } = await recentRequests(ctx.db, ctx.scope, req.query);
    return { status: 200, body: envelope({ data: items, total, limit, offset, merchant: ctx.merchant }, PATH, req.query, 'This page') };
  },

  async streamRequestLogs(req, ctx) {
    const scope = ctx.scope;
    // Express keeps header names in lower case; the generated type spells them as the spec does.
    const last = (req.headers as Record<string, string | undefined>)['last-event-id'];
    // Where the stream starts is settled before it opens, so that an unknown Last-Event-ID is a 404 envelope.
    const from = await streamStart(ctx.db, scope, last);
    const filter = statusFilter(req.query.status === undefined ? undefined : [req.query.status].flat());
    return streamed((res, env) => requestLogStream(env, res, { db: ctx.db, scope, from, filter }));
  },
};
