/**
 * Typed job kinds: a table missing a kind, a handler reading a field its kind does not carry and an enqueue with the
 * wrong payload do not compile (`npm run check` type-checks this file; each `@ts-expect-error` fails the check once
 * the error it expects is gone). On every engine, a typed enqueue reaches its kind's handler with its payload.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { createLogger } from '../logger';
import { ENGINES } from '../testing/harness';
import { enqueueJob, type HandlerTable, type PayloadOf } from './kinds';
import { createWorker, type Worker } from './worker';

type TestJob = { kind: 'probe.count'; payload: { n: number } } | { kind: 'probe.say'; payload: { text: string; loud?: true } };

const noop = async (): Promise<void> => undefined;

export const typeChecks = {
  // @ts-expect-error a kind without a handler
  missing: { 'probe.count': { run: noop, onExhausted: noop } } satisfies HandlerTable<TestJob>,
  wrongField: {
    // @ts-expect-error `probe.count` carries no `text`
    'probe.count': { run: async (job) => void job.payload.text.length, onExhausted: noop },
    'probe.say': { run: noop, onExhausted: noop },
  } satisfies HandlerTable<TestJob>,
  payload: { n: 1 } satisfies PayloadOf<TestJob, 'probe.count'>,
  // @ts-expect-error a payload of another kind
  enqueue: (db: Db) => enqueueJob<TestJob>(db, { kind: 'probe.count', payload: { text: 'x' } }),
};

describe.each(ENGINES)('typed job kinds on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let worker: Worker | undefined;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
  });
  afterEach(async () => worker?.stop());
  afterAll(async () => drop());

  it('hands each kind’s handler the payload its enqueue wrote, once per dedupe key', async () => {
    const seen: string[] = [];
    const handlers: HandlerTable<TestJob> = {
      'probe.count': { run: async (job) => void seen.push(`count ${job.payload.n + 1}`), onExhausted: noop },
      'probe.say': { run: async ({ payload }) => void seen.push(payload.loud ? payload.text.toUpperCase() : payload.text), onExhausted: noop },
    };
    worker = createWorker({ db, handlers, logger: createLogger('silent') });
    expect(await enqueueJob<TestJob>(db, { kind: 'probe.count', payload: { n: 41 } }, { dedupeKey: 'probe:1' })).toMatch(/^job_/);
    expect(await enqueueJob<TestJob>(db, { kind: 'probe.count', payload: { n: 99 } }, { dedupeKey: 'probe:1' })).toBeNull();
    await enqueueJob<TestJob>(db, { kind: 'probe.say', payload: { text: 'hi', loud: true } });
    expect(await worker.drain()).toBe(2);
    expect(seen.sort()).toEqual(['HI', 'count 42']);
  });
});
