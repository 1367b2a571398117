/** `list-dead-jobs` and `retry-job`: the operator's commands over the dead-job store, as the admin runner runs them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createLogger } from '../logger';
import { enqueue } from '../jobs/sql/enqueue';
import { createWorker } from '../jobs/worker';
import { ENGINES } from '../testing/harness';
import { parseAdmin, runAdmin } from './run';

describe.each(ENGINES)('dead-job admin commands on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let deadId = '';
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    const id = await enqueue(db, { kind: 'test.broken', payload: { transactionId: 'tra_x' }, maxAttempts: 1 });
    const worker = createWorker({ db, logger: createLogger('silent'), handlers: { 'test.broken': async () => { throw new Error('acquirer said no\nsecond line'); } } });
    await worker.drain();
    await worker.stop();
    deadId = id!;
  });
  afterAll(async () => drop());

  it('list-dead-jobs shows the dead job with its first error line, and --kind filters', async () => {
    const text = await runAdmin(['list-dead-jobs'], db);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`${deadId}\\s+test\\.broken\\s+1/1 .*transactionId=tra_x\\s+Error: acquirer said no$`, 'm'));
    const none = await runAdmin(['list-dead-jobs', '--kind', 'webhook.deliver'], db);
    expect(none.stdout).toBe('no dead jobs\n');
    const json = JSON.parse((await runAdmin(['list-dead-jobs', '--json'], db)).stdout) as { id: string; kind: string }[];
    expect(json.map((j) => [j.id, j.kind])).toEqual([[deadId, 'test.broken']]);
  });

  it('retry-job puts it back to pending; a second retry and an unknown id are refused (exit 1)', async () => {
    const ok = await runAdmin(['retry-job', '--job-id', deadId], db);
    expect(ok).toMatchObject({ code: 0, stdout: expect.stringContaining(`job ${deadId} (test.broken) will run again at`) });
    const row = (await db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM jobs WHERE id = $1', [deadId])).rows[0];
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    expect((await runAdmin(['retry-job', '--job-id', deadId], db))).toMatchObject({ code: 1, stderr: expect.stringContaining('not dead') });
    expect((await runAdmin(['retry-job', '--job-id', 'job_nope'], db))).toMatchObject({ code: 1, stderr: 'admin: no job job_nope\n' });
  });

  it('refuses bad flags before any database is opened', () => {
    expect(parseAdmin(['retry-job'])).toMatchObject({ kind: 'done', result: { code: 2 } });
    expect(parseAdmin(['retry-job', '--job-id', 'tra_1'])).toMatchObject({ kind: 'done', result: { code: 2, stderr: expect.stringContaining('job id job_') } });
    expect(parseAdmin(['list-dead-jobs', '--limit', '0'])).toMatchObject({ kind: 'done', result: { code: 2 } });
  });
});
