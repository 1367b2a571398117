import { describe, expect, it } from 'vitest';
import { contractClient, operationOf } from './client';
import { ContractViolation } from './validator';

const HEADERS = { 'content-type': 'application/json', 'x-correlation-id': 'corr_AbCdEfGh12345678' };

/** A server that answers every request with `status` and `body`. */
function fakeFetch(status: number, body: unknown, headers: Record<string, string> = HEADERS): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers });
}

describe('the contract client', () => {
  it('maps a call of the typed client to its operationId', () => {
    expect(operationOf('GET', '/v1/wallets/{walletId}')).toBe('getWallet');
    expect(operationOf('delete', '/v1/wallets/{walletId}')).toBe('deleteWallet');
    expect(() => operationOf('PATCH', '/v1/wallets')).toThrow(/no operation/);
  });

  it('makes the call throw a ContractViolation when the answer breaks the contract', async () => {
    const bad = contractClient('http://contract.test', 'sk_test_x', fakeFetch(200, { roles: [] }));
    await expect(bad.GET('/v1/utils/roles-of-user')).rejects.toBeInstanceOf(ContractViolation);
    const undocumented = contractClient('http://contract.test', 'sk_test_x', fakeFetch(418, { error: {} }));
    await expect(undocumented.GET('/v1/utils/roles-of-user')).rejects.toThrow(/418 is not documented/);
    const noCorrelation = contractClient('http://contract.test', 'sk_test_x', fakeFetch(401, envelope401(), { 'content-type': 'application/json' }));
    await expect(noCorrelation.GET('/v1/utils/roles-of-user')).rejects.toThrow(/X-Correlation-Id/);
  });

  it('lets an answer that keeps the contract through, as openapi-fetch returns it', async () => {
    const ok = contractClient('http://contract.test', 'sk_test_x', fakeFetch(401, envelope401()));
    const res = await ok.GET('/v1/utils/roles-of-user');
    expect(res.response.status).toBe(401);
    expect(res.error).toEqual(envelope401());
  });
});

function envelope401() {
  return { error: { status: 'Unauthorized', statusCode: 401, category: 'authentication', code: 'unauthorized', message: 'No key.', resource: 'client' } };
}
