import { describe, expect, it } from 'vitest';
import { at } from './spec';
import { checkResponse, documentedStatus, undeclaredHeaders } from './validator';

const H = { 'X-Correlation-Id': 'corr_AbCdEfGh12345678', 'Content-Type': 'application/json; charset=utf-8' };

/** The documented example of a response, as a valid body to start from. */
function example(pointer: string): Record<string, unknown> {
  const examples = at<Record<string, { value: Record<string, unknown> }>>(`${pointer}/content/application~1json/examples`);
  return structuredClone(Object.values(examples)[0]!.value);
}

const ROLES_200 = '/paths/~1v1~1utils~1roles-of-user/get/responses/200';
const WALLET_200 = '/paths/~1v1~1wallets~1{walletId}/get/responses/200';

describe('checkResponse', () => {
  it('accepts documented answers: a success body and an error envelope behind a $ref response', () => {
    expect(checkResponse('listRolesOfUser', 200, example(ROLES_200), H)).toEqual([]);
    const unauthorized = {
      error: { status: 'Unauthorized', statusCode: 401, category: 'authentication', code: 'unauthorized', message: 'No key.', resource: 'client' },
    };
    expect(checkResponse('getWallet', 401, unauthorized, new Headers(H))).toEqual([]);
  });

  it('rejects a body that breaks the schema: a missing required field, a wrong type, an extra property', () => {
    const missing = example(ROLES_200);
    delete missing.current;
    expect(checkResponse('listRolesOfUser', 200, missing, H).join()).toMatch(/current/);

    const wrongType = { ...example(WALLET_200), primary: 'yes' };
    expect(checkResponse('getWallet', 200, wrongType, H).join()).toMatch(/primary.*boolean/);

    const extra = { error: { status: 'Not Found', statusCode: 404, category: 'client', code: 'walletNotFound', message: 'x', resource: 'wallet', stack: 'at …' } };
    expect(checkResponse('getWallet', 404, extra, H).join()).toMatch(/additional properties/);
  });

  it('rejects an error code outside the catalogue (resolving the $ref response to the Error schema)', () => {
    const body = { error: { status: 'Bad Request', statusCode: 400, category: 'validation', code: 'oops', message: 'x', resource: 'client' } };
    expect(checkResponse('listWallets', 400, body, H).join()).toMatch(/code must be equal to one of the allowed values/);
  });

  it('rejects a status the operation does not document', () => {
    expect(documentedStatus('listRolesOfUser', 418)).toBeUndefined();
    expect(documentedStatus('listRolesOfUser', 401)).toBe('401');
    expect(checkResponse('listRolesOfUser', 418, { error: {} }, H)).toEqual(['listRolesOfUser: status 418 is not documented']);
    expect(checkResponse('getWallet', 501, undefined, H)[0]).toMatch(/501 is not documented/);
  });

  it('requires X-Correlation-Id, checks it against its schema, and requires the JSON body and content type', () => {
    const body = example(ROLES_200);
    expect(checkResponse('listRolesOfUser', 200, body, { 'Content-Type': 'application/json' }).join()).toMatch(/X-Correlation-Id header is missing/);
    expect(checkResponse('listRolesOfUser', 200, body, { ...H, 'X-Correlation-Id': 'c!' }).join()).toMatch(/X-Correlation-Id/);
    expect(checkResponse('listRolesOfUser', 200, undefined, H).join()).toMatch(/JSON body is missing/);
    expect(checkResponse('listRolesOfUser', 200, body, { ...H, 'Content-Type': 'text/html' }).join()).toMatch(/Content-Type/);
  });

  it('refuses a header the contract knows that the response does not declare, and ignores the others', () => {
    const quota = { 'RateLimit-Limit': '100', 'RateLimit-Remaining': '99', 'RateLimit-Reset': '60' };
    expect(checkResponse('listRolesOfUser', 200, example(ROLES_200), { ...H, ...quota, 'X-Powered-By': 'x' })).toEqual([]);
    const unauthorized = {
      error: { status: 'Unauthorized', statusCode: 401, category: 'authentication', code: 'unauthorized', message: 'No key.', resource: 'client' },
    };
    expect(checkResponse('getWallet', 401, unauthorized, { ...H, 'RateLimit-Remaining': '99' })).toEqual([
      'getWallet 401: sends the header RateLimit-Remaining, which this response does not declare',
    ]);
    expect(undeclaredHeaders('listRolesOfUser', 200, new Headers({ ...H, 'retry-after': '3' }))).toEqual(['Retry-After']);
  });

  it('checks documented headers by their schema (Retry-After is an integer ≥ 1)', () => {
    const body = { error: { status: 'Too Many Requests', statusCode: 429, category: 'rate_limit', code: 'tooManyRequests', message: 'x', resource: 'client' } };
    expect(checkResponse('listWallets', 429, body, { ...H, 'Retry-After': '3' })).toEqual([]);
    expect(checkResponse('listWallets', 429, body, { ...H, 'Retry-After': '0' }).join()).toMatch(/Retry-After/);
  });
});
