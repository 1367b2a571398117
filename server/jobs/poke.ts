/**
 * Tells the workers that jobs may be due now, once the work that enqueued them has committed: this process's worker
 * directly, and on PostgreSQL every other process's through one NOTIFY (`sql/wake.ts`) sent on its own, outside any
 * transaction. A notification sent inside the writing transaction would make PostgreSQL serialise every such commit
 * across the whole server (it holds a global lock from the notification's queueing until after the commit's flush),
 * which would cap the charges per second of every instance together. Alone it is a transaction of its own: it still
 * takes that lock and writes a commit record, but holds no charge's commit behind it, and it is sent without waiting
 * for its commit record to reach the disk (`synchronous_commit` off for that statement: a notification is a hint).
 *
 * Pokes are coalesced: at most one NOTIFY in flight per process, and one more after it when pokes arrived meanwhile,
 * so a poke is always followed by a notification sent after it. Notifications only hurry a poll: one that fails is
 * logged and the workers find the job at their next poll.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types';
import { notifyJobsDueAlone } from './sql/wake';

export type JobsPoke = () => void;

/** How long a notification may take before the next poke sends another. */
export const NOTIFY_TIMEOUT_MS = 5_000;

export function createJobsPoke(db: Db, local: () => void, logger: Logger, timeoutMs = NOTIFY_TIMEOUT_MS): JobsPoke {
  let sending = false;
  let again = false;

  async function send(): Promise<void> {
    sending = true;
    let timer: NodeJS.Timeout | undefined;
    try {
      // A notification that never settles (a connection gone half-open) must not leave every later poke waiting on it.
      await Promise.race([
        notifyJobsDueAlone(db),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
          timer.unref();
        }),
      ]);
    } catch (err) {
      logger.warn({ err }, 'could not notify the workers; they will find the jobs at their next poll');
    } finally {
      clearTimeout(timer);
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
