/**
 * The operations of tags whose issue has not landed answer `501 notImplemented` in the error envelope, and only
 * those. The 501 is not in the contract (it is the build's, not the API's), so these answers are checked against
 * the Error schema, not with `checkResponse`. When a tag lands, move it to IMPLEMENTED and give it its own file.
 */
import { STATUS_CODES } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type OperationId, type Tag } from '../generated/operations';
import { ENGINES, startTestService, type TestService } from '../server/testing/harness';
import { flushCoverage, recordCall } from './support/coverage';
import { send, validRequest } from './support/requests';
import { errorsOf, operation, validatorAt } from './support/spec';

afterAll(() => flushCoverage('not-implemented'));

/** The tags this build serves; every other tag must answer 501. */
const IMPLEMENTED: readonly Tag[] = ['Utils', 'Balance', 'Wallets', 'Withdrawals', 'Customers', 'Addresses', 'Simulators', 'Transactions', 'Sandbox', 'Webhooks', 'Products', 'Variants', 'Subscriptions'];
/** Operations served ahead of their tag: the payment links and the session analytics of Checkouts. */
const IMPLEMENTED_OPERATIONS: readonly OperationId[] = [
  'listPaymentLinks', 'createPaymentLink', 'getPaymentLink', 'updatePaymentLink', 'disablePaymentLink', 'enablePaymentLink',
  'getCheckoutSessionAnalytics',
];
const isServed = (r: (typeof routes)[number]) => IMPLEMENTED.includes(r.tag) || IMPLEMENTED_OPERATIONS.includes(r.operationId);
const pending = routes.filter((r) => !isServed(r));
const served = routes.filter(isServed);
const errorSchema = validatorAt('/components/schemas/Error');

describe.each(ENGINES)('operations not implemented yet on $name', (engine) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000', RATE_LIMIT_POLL_POINTS: '100000' });
  });
  afterAll(async () => svc?.close());

  it.each(pending.map((r) => [r.operationId, r.tag] as const))(
    '%s (%s) answers a valid request with 501 notImplemented in the envelope',
    async (operationId) => {
      const op = operation(operationId);
      const res = await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op));
      recordCall(operationId, res.status);
      expect(res.status, JSON.stringify(res.body)).toBe(501);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(errorSchema(res.body), errorsOf(errorSchema).join('; ')).toBe(true);
      expect(Object.keys(res.body as object)).toEqual(['error']);
      expect((res.body as { error: unknown }).error).toMatchObject({
        status: STATUS_CODES[501],
        statusCode: 501,
        category: 'server',
        code: 'notImplemented',
        resource: 'server',
        message: expect.stringContaining(operationId),
      });
    },
  );

  it('no operation of an implemented tag answers 501', async () => {
    const answers: string[] = [];
    for (const route of served) {
      const op = operation(route.operationId);
      const res = await send(svc.url, svc.merchant.sandboxKey, op, validRequest(op));
      if (res.status === 501 || res.status >= 500) answers.push(`${route.operationId}: ${res.status}`);
    }
    expect(answers).toEqual([]);
    // One request per served operation, one after the other: the list grows with every tag that lands.
  }, 120_000);
});
