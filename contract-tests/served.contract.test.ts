/**
 * Every operation of the contract is served by this build: a valid request to each answers neither `501
 * notImplemented` nor any other 5xx. (A tag landed before its implementation would answer 501 from a stub; none is
 * left, and an operation added to the spec without a handler is a type error in `server/http/handlers/index.ts`.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../generated/operations';
import { ENGINES, startTestService, type TestService } from '../server/testing/harness';
import { flushCoverage, recordCall } from './support/coverage';
import { send, validRequest } from './support/requests';
import { operation } from './support/spec';

afterAll(() => flushCoverage('served'));

describe.each(ENGINES)('every operation served on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it('no operation answers a valid request with 501 or another 5xx', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const op = operation(route.operationId);
      const res = await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op));
      recordCall(route.operationId, res.status);
      if (res.status >= 500) answers.push(`${route.operationId}: ${res.status}`);
    }
    expect(routes.length).toBeGreaterThan(70);
    expect(answers).toEqual([]);
  }, 120_000);
});
