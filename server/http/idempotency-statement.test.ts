/**
 * A charge's key claimed by the charge's own statement (`CLAIMED_BY_THE_WORK` in idempotent.ts): the key, its answer
 * and the charge commit together, so no window is left between them; a key another request holds wins over whatever
 * this request would have answered; and the round trips of a POST charge, counted on the database interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type Engine, type TestService } from '../testing/harness';
import { countQueries, type CountingDb } from '../testing/queries';
import { cardBody, payer, pixBody } from '../testing/payments';
import type { IdempotencyFaults } from './idempotent';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe.each(ENGINES)('a charge whose statement claims its key, on $name', (engine) => {
  let svc: TestService;
  let counter: CountingDb;
  const play: IdempotencyFaults = {};
  beforeAll(async () => {
    const counting: Engine = {
      name: engine.name,
      async open(migrations) {
        const opened = await engine.open(migrations);
        counter = countQueries(opened.db);
        return { ...opened, db: counter.db };
      },
    };
    const faults: IdempotencyFaults = {
      afterHandler: async (op) => play.afterHandler?.(op),
      beforeComplete: async (op) => play.beforeComplete?.(op),
    };
    svc = await startTestService(counting, {}, { idempotency: { lockSeconds: 1, faults } });
  });
  afterAll(async () => svc?.close());

  let n = 0;
  const newKey = () => `idem-statement-${Date.now()}-${++n}`;
  const post = (json: unknown, key: string) => svc.call('/v1/transactions', { method: 'POST', json, headers: { 'X-Idempotency-Key': key } });
  const chargesOf = async (ref: string) =>
    (await svc.db.query<{ id: string }>('SELECT id FROM transactions WHERE external_reference = $1', [ref])).rows.map((r) => r.id);

  it('a PIX charge of a known payer: at most 5 round trips (key, three reads at once, one write), no database transaction', async () => {
    expect((await post(pixBody(), newKey())).status).toBe(201); // the payer now exists
    await svc.requestLog?.flush(); // the first request's log entry, written now rather than inside the count
    counter.reset();
    const res = await post(pixBody(), newKey());
    const sent = [...counter.sent];
    expect(res.status).toBe(201);
    // The key lookup (or none, once cached), the fee plan, the payer, its address, then the one statement that claims
    // the key and writes the charge, its timeline, event, deliveries and job, and the key's answer.
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(5);
    expect(sent).not.toContain('BEGIN');
    const writes = sent.filter((s) => /\b(idempotency_keys|transactions|events|jobs)\b/.test(s));
    expect(writes, sent.join('\n')).toHaveLength(1);
  });

  it('is answered in the statement: a retry at once, while the first request has not returned, is the replay', async () => {
    const ref = `ord-stmt-hang-${n}`;
    const key = newKey();
    let release: () => void = () => undefined;
    let reached = false;
    play.beforeComplete = () => {
      reached = true;
      return new Promise<void>((r) => (release = r));
    };
    const first = post(pixBody({ externalReference: ref }), key);
    while (!reached) await sleep(10);
    delete play.beforeComplete;
    // The first request is stuck after its commit (as good as dead there): no lock to wait for, no 409.
    const retry = await post(pixBody({ externalReference: ref }), key);
    release();
    const made = await chargesOf(ref);
    expect(made).toHaveLength(1);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { id: string }).id).toBe(made[0]);
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(((await answered.json()) as { id: string }).id).toBe(made[0]);
  });

  it('an error after the statement: 500, and the retry is the replay of the charge made', async () => {
    const ref = `ord-stmt-err-${n}`;
    const key = newKey();
    play.afterHandler = async () => {
      delete play.afterHandler;
      throw new Error('broken after the commit');
    };
    expect((await post(pixBody({ externalReference: ref }), key)).status).toBe(500);
    const retry = await post(pixBody({ externalReference: ref }), key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await chargesOf(ref)).toEqual([((await retry.json()) as { id: string }).id]);
  });

  it('many identical requests at once under one key: one charge, every answer its id', async () => {
    const ref = `ord-stmt-race-${n}`;
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(pixBody({ externalReference: ref }), key)));
    const made = await chargesOf(ref);
    expect(made).toHaveLength(1);
    // The key is never seen running: a statement that finds it taken waited for its commit, and replays its answer.
    for (const res of answers) expect({ status: res.status, id: ((await res.json()) as { id?: string }).id }).toEqual({ status: 201, id: made[0] });
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
  });

  it('a key answered before wins over what the request would answer now: a different refused body is a mismatch', async () => {
    const key = newKey();
    expect((await post(pixBody(), key)).status).toBe(201);
    // A billet without the payer's document is refused (422) when its key is fresh; under this key it is a mismatch.
    const refused = await post({ amount: 100, customer: payer('no-doc@example.com', null), payment: { method: 'billet' } }, key);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('idempotencyMismatch');
  });

  it('a refused request leaves its key free: the corrected request runs under it', async () => {
    const key = newKey();
    const refused = await post({ amount: 100, customer: payer('no-doc@example.com', null), payment: { method: 'billet' } }, key);
    expect(refused.status).toBe(422);
    const corrected = await post(pixBody(), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a card charge claims its key before the vault: a retry while it runs is 409, then the replay', async () => {
    const ref = `ord-stmt-card-${n}`;
    const key = newKey();
    let release: () => void = () => undefined;
    let reached = false;
    play.afterHandler = () => {
      reached = true;
      return new Promise<void>((r) => (release = r));
    };
    const first = post(cardBody(undefined, {}, { externalReference: ref }), key);
    while (!reached) await sleep(10);
    delete play.afterHandler;
    const during = await post(cardBody(undefined, {}, { externalReference: ref }), key);
    expect(during.status).toBe(409);
    expect(((await during.json()) as { error: { code: string } }).error.code).toBe('idempotencyInProgress');
    release();
    expect((await first).status).toBe(201);
    const after = await post(cardBody(undefined, {}, { externalReference: ref }), key);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await chargesOf(ref)).toEqual([((await after.json()) as { id: string }).id]);
  });
});
