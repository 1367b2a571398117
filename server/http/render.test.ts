import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { ApiError } from './errors';
import { renderErrors } from './render';

/** Just enough of an Express response to watch what the renderer sends. */
function fakeResponse(jsonThrows: boolean) {
  const sent: { status?: number; type?: string; body?: string; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    locals: { correlationId: 'corr_test0000000001' },
    set(h: Record<string, string>) {
      Object.assign(sent.headers, h);
      return res;
    },
    status(code: number) {
      sent.status = code;
      return res;
    },
    type(t: string) {
      sent.type = t;
      return res;
    },
    json(body: unknown) {
      if (jsonThrows) throw new Error('no schema defined for status code 422');
      sent.type = 'application/json';
      sent.body = JSON.stringify(body);
      return res;
    },
    end(body: string) {
      sent.body = body;
      return res;
    },
  };
  return { res: res as unknown as Response, sent };
}

describe('the error renderer', () => {
  const render = renderErrors(createLogger('silent'));
  const err = new ApiError('unprocessableEntity', { resource: 'transaction', message: 'Lower bound after upper bound.' });

  it('sends the envelope as JSON', () => {
    const { res, sent } = fakeResponse(false);
    render(err, {} as Request, res, () => undefined);
    expect(sent.status).toBe(422);
    expect(JSON.parse(sent.body!)).toMatchObject({ error: { statusCode: 422, code: 'unprocessableEntity' } });
  });

  it('still sends the JSON envelope, not an HTML page, when the response validator refuses the answer', () => {
    const { res, sent } = fakeResponse(true);
    render(err, {} as Request, res, () => undefined);
    expect(sent.status).toBe(422);
    expect(sent.type).toBe('application/json');
    expect(JSON.parse(sent.body!)).toMatchObject({ error: { statusCode: 422, code: 'unprocessableEntity', resource: 'transaction' } });
  });
});
