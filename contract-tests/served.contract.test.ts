/**
 * Every operation of the contract is served by this build: a valid request to each answers neither `501
 * notImplemented` nor any other 5xx. (A tag landed before its implementation would answer 501 from a stub; none is
 * left, and an operation added to the spec without a handler is a type error in `server/http/handlers/index.ts`.)
 * Every answer, whatever its status, declares the headers it carries that the contract knows (the key's quota).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../generated/operations';
import { ENGINES, startTestService, type TestService } from '../server/testing/harness';
import { flushCoverage, recordCall } from './support/coverage';
import { send, validRequest } from './support/requests';
import { operation } from './support/spec';
import { undeclaredHeaders } from './support/validator';

afterAll(() => flushCoverage('served'));

describe.each(ENGINES)('every operation served on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it('no operation answers a valid request with 501 or another 5xx; each answer carries the quota and declares it', async () => {
    const answers: string[] = [];
    const headers: string[] = [];
    const statuses = new Set<number>();
    for (const route of routes) {
      const op = operation(route.operationId);
      const res = await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op));
      recordCall(route.operationId, res.status);
      statuses.add(res.status);
      if (res.status >= 500) answers.push(`${route.operationId}: ${res.status}`);
      // The key was counted before anything else was checked: every answer here says what is left of its quota.
      if (res.headers.get('RateLimit-Remaining') === null) headers.push(`${route.operationId} ${res.status}: no RateLimit-Remaining`);
      for (const name of undeclaredHeaders(route.operationId, res.status, res.headers)) headers.push(`${route.operationId} ${res.status}: ${name} undeclared`);
    }
    expect(routes.length).toBeGreaterThan(70);
    expect(answers).toEqual([]);
    expect(headers).toEqual([]);
    // Successes and errors both (ids of nothing answer 404, a body of unknown ids 422).
    expect([...statuses].some((s) => s < 300) && [...statuses].some((s) => s >= 400)).toBe(true);
  }, 300_000);

  it('an answer refused before the key is counted (401) carries no quota', async () => {
    const undeclared: string[] = [];
    for (const route of routes) {
      const op = operation(route.operationId);
      const res = await send(svc.url, 'sk_test_unknown', op, validRequest(op));
      recordCall(route.operationId, res.status);
      expect(res.status).toBe(401);
      expect(res.headers.get('RateLimit-Limit')).toBeNull();
      undeclared.push(...undeclaredHeaders(route.operationId, res.status, res.headers));
    }
    expect(undeclared).toEqual([]);
  }, 120_000);
});
