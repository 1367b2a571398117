/**
 * How the SDK's errors read for the money (`failureOf`): a refused connection is "not sent" only on the SDK's one and
 * only attempt (its repeat of a closed connection may follow an attempt that reached Stripe), a rate limit is one
 * whatever status it comes with, a 5xx is an answer to read back, a 409 or a broken connection is no answer.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failureOf } from './client';

const raw = (statusCode: number, type: string, code?: string) => ({ statusCode, type, code, message: `${type} ${code ?? ''}`.trim() }) as Parameters<typeof Stripe.errors.StripeError.generate>[0];

describe('failureOf', () => {
  it('reads a connection refused on the only attempt as not sent, and on the repeat as no answer', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(failureOf(new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.', detail: refused })).kind).toBe('not-sent');
    const repeat = new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe. Request was retried 1 times.', detail: refused });
    expect(failureOf(repeat).kind).toBe('no-answer');
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(failureOf(new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.', detail: reset })).kind).toBe('no-answer');
  });

  it('reads rate limits as rate-limited, even a 400 rate_limit, and a card error by its raw type', () => {
    expect(failureOf(Stripe.errors.StripeError.generate(raw(429, 'invalid_request_error', 'rate_limit'))).kind).toBe('rate-limited');
    expect(failureOf(Stripe.errors.StripeError.generate(raw(400, 'invalid_request_error', 'rate_limit'))).kind).toBe('rate-limited');
    const card = failureOf(Stripe.errors.StripeError.generate({ ...raw(402, 'card_error', 'card_declined'), decline_code: 'insufficient_funds' } as never));
    expect(card).toMatchObject({ kind: 'card', code: 'card_declined', declineCode: 'insufficient_funds' });
  });

  it('reads a 5xx as an answer to read back, a 409 as a call in flight elsewhere, a 401 as the route refused, a 400 as refused', () => {
    expect(failureOf(Stripe.errors.StripeError.generate(raw(500, 'api_error'))).kind).toBe('server-error');
    expect(failureOf(Stripe.errors.StripeError.generate(raw(409, 'invalid_request_error', 'idempotency_key_in_use'))).kind).toBe('in-flight');
    expect(failureOf(Stripe.errors.StripeError.generate(raw(401, 'invalid_request_error'))).kind).toBe('refused-route');
    const refused = failureOf(Stripe.errors.StripeError.generate(raw(400, 'invalid_request_error', 'payment_intent_unexpected_state')));
    expect(refused).toMatchObject({ kind: 'refused', status: 400, code: 'payment_intent_unexpected_state' });
    expect(refused.message).toMatch(/^Stripe answered 400 invalid_request_error \(payment_intent_unexpected_state\): /);
  });
});
