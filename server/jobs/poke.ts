/**
 * Tells the workers that jobs may be due now, once the work that enqueued them has committed: this process's worker
 * directly, and on PostgreSQL every other process's through one NOTIFY (`sql/wake.ts`) sent on its own, outside any
 * transaction. A notification sent inside the writing transaction would make PostgreSQL serialise every such commit
 * across the whole server (it holds a global lock from the notification's queueing until after the commit's flush),
 * which would cap the charges per second of every instance together; alone it is a read-only statement and costs one
 * round trip.
 *
 * Pokes are coalesced: at most one NOTIFY in flight per process, and one more after it when pokes arrived meanwhile,
 * so a poke is always followed by a notification sent after it. Notifications only hurry a poll: one that fails is
 * logged and the workers find the job at their next poll.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types';
import { notifyJobsDue } from './sql/wake';

export type JobsPoke = () => void;

export function createJobsPoke(db: Db, local: () => void, logger: Logger): JobsPoke {
  let sending = false;
  let again = false;

  async function send(): Promise<void> {
    sending = true;
    try {
      await notifyJobsDue(db);
    } catch (err) {
      logger.warn({ err }, 'could not notify the workers; they will find the jobs at their next poll');
    } finally {
      sending = false;
      if (again) {
        again = false;
        void send();
      }
    }
  }

  return () => {
    local();
    if (db.kind !== 'postgres') return; // the embedded database has one process: its worker was just woken
    if (sending) again = true;
    else void send();
  };
}
