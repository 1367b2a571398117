/** The request log's stream on the wire (`GET /v1/logs/requests/stream`): `ready` with the mode, then `request` messages. */
import type { Response } from 'express';
import type { Scope } from '../core/tenancy';
import type { StreamPosition } from '../db/stream-position';
import type { Db } from '../db/types';
import { logsAfter, type StatusFilter } from '../logs/service';
import { openPolledStream, type StreamEnv } from './event-stream';

export interface LogStream {
  db: Db;
  scope: Scope;
  from: StreamPosition;
  filter: StatusFilter | null;
}

export function requestLogStream(env: StreamEnv, res: Response, s: LogStream): void {
  openPolledStream(env.logStreams, env.logger, res, {
    owner: s.scope.merchantId,
    kind: 'request log streams',
    ready: `event: ready\ndata: ${JSON.stringify({ mode: s.scope.mode })}\n\n`,
    from: s.from,
    read: async (from, limit) =>
      (await logsAfter(s.db, s.scope, from, s.filter, limit)).map(({ entry, position }) => ({
        text: `id: ${entry.id}\nevent: request\ndata: ${JSON.stringify(entry)}\n\n`,
        position,
      })),
  });
}
