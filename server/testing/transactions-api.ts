/** Calls of the transactions API for the integration tests, over a test service: each asserts what it expects. */
import { expect } from 'vitest';
import type { TestService } from './harness';
import type { Transaction } from './payments';

export type ErrorBody = { code: string; resource: string; params?: Record<string, string>[] };

export function transactionsApi(svc: () => TestService) {
  async function create(body: unknown, key?: string): Promise<string> {
    const res = await svc().call('/v1/transactions', { method: 'POST', json: body, ...(key ? { key } : {}) });
    const out = (await res.json()) as { id: string; status: string };
    expect(res.status, JSON.stringify(out)).toBe(201);
    expect(out.status).toBe('pending');
    return out.id;
  }
  async function read(id: string): Promise<Transaction> {
    const res = await svc().call(`/v1/transactions/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Transaction;
  }
  function post(path: string, json?: unknown, key?: string): Promise<Response> {
    return svc().call(path, { method: 'POST', ...(json === undefined ? {} : { json }), ...(key ? { key } : {}) });
  }
  async function act(id: string, action: string): Promise<Transaction> {
    const res = await post(`/v1/sandbox/transactions/${id}/simulate`, { action });
    const body = (await res.json()) as Transaction;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }
  async function refused(res: Response, status: number, code: string): Promise<ErrorBody> {
    const body = (await res.json()) as { error: ErrorBody };
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(body.error.code).toBe(code);
    return body.error;
  }
  return { create, read, post, act, refused };
}
