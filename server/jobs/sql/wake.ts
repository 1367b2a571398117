/**
 * The notification that wakes workers when a job falls due now: sent by a trigger on every statement that inserts
 * such a job (migration 026), so it is part of the enqueuing transaction and reaches listeners only once that commits
 * (a rolled-back job wakes nobody), whichever code inserted the job. The
 * channel is per schema: services sharing one PostgreSQL database in separate schemas do not wake each other.
 * Notifications only hurry a poll: a lost one delays a job until the next poll, it never loses it.
 */
import type { Queryable } from '../../db/types';

/** The prefix of the channel; the schema's name completes it (`payments_jobs_public`). */
export const JOBS_CHANNEL_PREFIX = 'payments_jobs_';

/** The SQL expression of the channel in the current schema (the trigger of migration 026 spells it the same way). */
export const JOBS_CHANNEL_SQL = `'${JOBS_CHANNEL_PREFIX}' || current_schema()`;

/** The channel workers of this schema listen on. */
export async function jobsChannel(q: Queryable): Promise<string> {
  const res = await q.query<{ channel: string }>(`SELECT ${JOBS_CHANNEL_SQL} AS channel`);
  return res.rows[0]!.channel;
}

/** Notifies the workers of this schema, in the caller's transaction (delivered on commit). */
export async function notifyJobsDue(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify(${JOBS_CHANNEL_SQL}, '')`);
}
