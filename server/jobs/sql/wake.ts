/**
 * The notification that wakes workers when jobs fall due now: sent after the enqueuing work has committed, on its own
 * (`jobs/poke.ts`), never inside a writing transaction. The channel is per schema: services sharing one PostgreSQL
 * database in separate schemas do not wake each other. It is named after a hash of the schema, so a schema of any
 * length gives a channel within PostgreSQL's 63-byte limit. Notifications only hurry a poll: a lost one delays a job
 * until the next poll, it never loses it.
 */
import type { Queryable } from '../../db/types';

/** The prefix of the channel; 16 hex digits of the schema's MD5 complete it. */
export const JOBS_CHANNEL_PREFIX = 'payments_jobs_';

/** The SQL expression of the channel in the current schema. */
export const JOBS_CHANNEL_SQL = `'${JOBS_CHANNEL_PREFIX}' || left(md5(current_schema()), 16)`;

/** The channel workers of this schema listen on. */
export async function jobsChannel(q: Queryable): Promise<string> {
  const res = await q.query<{ channel: string }>(`SELECT ${JOBS_CHANNEL_SQL} AS channel`);
  return res.rows[0]!.channel;
}

/** Notifies the workers of this schema (delivered when the caller's transaction commits, at once outside one). */
export async function notifyJobsDue(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify(${JOBS_CHANNEL_SQL}, '')`);
}

/**
 * Notifies the workers of this schema in a statement of its own (never inside a caller's transaction): its commit
 * record does not wait for the disk (`synchronous_commit` off for that one statement), a lost hint only delaying a job
 * until the next poll.
 */
export async function notifyJobsDueAlone(db: Queryable): Promise<void> {
  await db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify(${JOBS_CHANNEL_SQL}, '')`);
}
