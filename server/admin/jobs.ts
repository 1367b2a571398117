/** Admin commands for jobs that ran out of attempts: list them, and put one back to run again. */
import { DeadJobError, listDeadJobs, retryDeadJob } from '../jobs/dead';
import { RefusedError, required, textTable, UsageError, type AdminCommand, type Flags } from './command';

const json = { type: 'boolean', default: false } as const;

function limitFlag(flags: Flags): number {
  const raw = flags.limit === undefined ? '50' : String(flags.limit);
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000) throw new UsageError(`--limit takes a whole number from 1 to 1000, got "${raw}"`);
  return Number(raw);
}

function jobIdFlag(flags: Flags): string {
  const id = required(flags, 'job-id', 'retry-job').trim();
  if (!/^job_[0-9A-Za-z]+$/.test(id)) throw new UsageError(`--job-id takes a job id job_… (see list-dead-jobs), got "${id}"`);
  return id;
}

export const jobCommands: Record<string, AdminCommand> = {
  'list-dead-jobs': {
    summary: 'jobs that ran out of attempts, newest first, with their last error',
    usage: `list-dead-jobs [--kind transaction.process] [--limit 50] [--json]
  --kind <kind>    only jobs of this kind (transaction.process, webhook.deliver, receivables.settle, refund.confirm, …)
  --limit <n>      at most n jobs, 1 to 1000 (default 50)
  --json           an array of {"id","kind","attempts","maxAttempts","lastError","failedAt","payloadSummary"}
What each kind's exhaustion already did is in the README ("Jobs that run out of attempts"): a charge ended failed
(processingFailed), a webhook dispatch ended failed; settlements, expiries, refund confirmations and voids wait here.`,
    options: { kind: { type: 'string' }, limit: { type: 'string' }, json },
    check: (flags) => void limitFlag(flags),
    async run(db, flags) {
      const kind = typeof flags.kind === 'string' && flags.kind !== '' ? flags.kind : undefined;
      const jobs = await listDeadJobs(db, { limit: limitFlag(flags), ...(kind ? { kind } : {}) });
      if (flags.json) return `${JSON.stringify(jobs, null, 2)}\n`;
      if (jobs.length === 0) return 'no dead jobs\n';
      const rows = jobs.map((j) => [j.id, j.kind, `${j.attempts}/${j.maxAttempts}`, j.failedAt.toISOString(), j.payloadSummary, (j.lastError ?? '-').split('\n')[0]!.slice(0, 120)]);
      return textTable(['ID', 'KIND', 'ATTEMPTS', 'FAILED AT', 'PAYLOAD', 'LAST ERROR'], rows);
    },
  },
  'retry-job': {
    summary: 'puts a dead job back to run at once, with fresh attempts',
    usage: `retry-job --job-id job_… [--json]
  --job-id <id>   a job listed by list-dead-jobs
  --json          {"id","kind","runAt"}
A job that is not dead (pending, running or done) or that does not exist is refused. A kind whose exhaustion already
ended its subject (a charge failed, a dispatch failed) finds nothing left to do and completes.`,
    options: { 'job-id': { type: 'string' }, json },
    check: (flags) => void jobIdFlag(flags),
    async run(db, flags) {
      try {
        const job = await retryDeadJob(db, jobIdFlag(flags));
        if (flags.json) return `${JSON.stringify(job)}\n`;
        return `job ${job.id} (${job.kind}) will run again at ${job.runAt.toISOString()}\n`;
      } catch (err) {
        if (err instanceof DeadJobError) throw new RefusedError(err.message);
        throw err;
      }
    },
  },
};
