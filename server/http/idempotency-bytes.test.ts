/**
 * An idempotent replay is the bytes first sent, not the stored answer re-rendered: PostgreSQL's jsonb keeps neither
 * key order nor spacing, so a replay read back from it came out with its keys reordered. Both paths of the key: the
 * charge's one statement (`CLAIMED_BY_THE_WORK`) and a key claimed before the work (a customer), with responses
 * validated (NODE_ENV=test) and not (production), on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { pixBody } from '../testing/payments';

/** jsonb's order of an object's keys: shorter first, then by bytes. */
const jsonbOrder = (keys: string[]) => [...keys].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));

const cases = ENGINES.flatMap((engine) => ['test', 'production'].map((nodeEnv) => ({ engine, nodeEnv, name: `${engine.name}, NODE_ENV=${nodeEnv}` })));

describe.each(cases)('a replay is the first answer byte for byte, on $name', ({ engine, nodeEnv }) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { NODE_ENV: nodeEnv });
  });
  afterAll(async () => svc?.close());

  let n = 0;
  const post = (path: string, json: unknown, key: string) => svc.call(path, { method: 'POST', json, headers: { 'X-Idempotency-Key': key } });

  async function firstAndReplay(path: string, json: unknown): Promise<[string, string]> {
    const key = `bytes-${nodeEnv}-${Date.now()}-${++n}`;
    const first = await post(path, json, key);
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post(path, json, key);
    expect(replay.status).toBe(first.status);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
    return [await first.text(), await replay.text()];
  }

  it('a charge (its key claimed by the charge statement)', async () => {
    const [first, replay] = await firstAndReplay('/v1/transactions', pixBody({ externalReference: `bytes-${nodeEnv}` }));
    const keys = Object.keys(JSON.parse(first) as object);
    // The answer is one whose keys jsonb would reorder, else this test would prove nothing.
    expect(keys).not.toEqual(jsonbOrder(keys));
    expect(replay).toBe(first);
  });

  it('a customer (its key claimed before the work)', async () => {
    const [first, replay] = await firstAndReplay('/v1/customers', {
      firstName: 'Ana',
      lastName: 'Souza',
      email: `ana.${nodeEnv}.${Date.now()}@example.com`,
      document: { type: 'cpf', number: '11144477735' },
    });
    const keys = Object.keys(JSON.parse(first) as object);
    expect(keys).not.toEqual(jsonbOrder(keys));
    expect(replay).toBe(first);
  });
});
