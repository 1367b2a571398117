/** The request log as the API reads it: a page of recent requests, and where a stream of them starts. */
import { ApiError } from '../core/errors';
import { parseList, type ListQuery } from '../core/lists';
import type { Scope } from '../core/tenancy';
import { openingPosition, type StreamPosition } from '../db/stream-position';
import type { Db } from '../db/types';
import { listLogs, positionAfterLog, statusFilter } from './repo';

export { logsAfter, statusFilter, type RequestLog, type StatusFilter } from './repo';

export async function recentRequests(db: Db, scope: Scope, query: ListQuery & { status?: string[] | string; keyid?: string }) {
  const { limit, offset } = parseList(query, [], { resource: 'requestLog' });
  const { items, total } = await listLogs(db, scope, statusFilter(query.status === undefined ? undefined : [query.status].flat()), limit, offset, query.keyid ?? null);
  return { items, total, limit, offset };
}

/** Where a stream of the log starts: after entry `lastId` when given (404 if not kept), else now. */
export async function streamStart(db: Db, scope: Scope, lastId: string | undefined): Promise<StreamPosition> {
  if (!lastId) return openingPosition(db);
  const from = await positionAfterLog(db, scope, lastId);
  if (!from) throw new ApiError('resourceNotFound', { resource: 'requestLog', message: `Request log entry ${lastId} was not found.` });
  return from;
}
