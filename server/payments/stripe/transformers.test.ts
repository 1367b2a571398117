/**
 * What a Stripe event tells the engine (`noticeOf`): an inquiry holds no money until it escalates (an update or a
 * withdrawal of funds with a dispute's status opens it), a prevented dispute is won, a failed refund says so, and
 * nothing of the payer's details is carried.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { noticeOf } from './transformers';

function event(type: string, object: Record<string, unknown>): Stripe.Event {
  return { id: `evt_${type.replace(/\W/g, '')}`, object: 'event', type, created: 1_796_000_000, data: { object } } as unknown as Stripe.Event;
}

const dispute = (status: string) => ({ object: 'dispute', id: 'dp_1', status, reason: 'fraudulent', amount: 5000, payment_intent: 'pi_1', evidence_details: { due_by: 1_797_000_000 } });

describe('noticeOf', () => {
  it('holds no money for an inquiry, and opens the dispute when the inquiry escalates', () => {
    expect(noticeOf(event('charge.dispute.created', dispute('warning_needs_response'))).news).toMatchObject({ kind: 'dispute', stage: 'inquiry' });
    expect(noticeOf(event('charge.dispute.updated', dispute('needs_response'))).news).toMatchObject({ kind: 'dispute', stage: 'opened', intentId: 'pi_1', amount: 5000, reason: 'fraudulent' });
    expect(noticeOf(event('charge.dispute.funds_withdrawn', dispute('needs_response'))).news).toMatchObject({ stage: 'opened' });
    expect(noticeOf(event('charge.dispute.closed', dispute('warning_closed'))).news).toMatchObject({ stage: 'inquiry' });
  });

  it('reads a prevented dispute as won and a lost one as lost; Stripe reasons we do not name are general', () => {
    expect(noticeOf(event('charge.dispute.closed', dispute('prevented'))).news).toMatchObject({ stage: 'won' });
    expect(noticeOf(event('charge.dispute.closed', dispute('lost'))).news).toMatchObject({ stage: 'lost' });
    expect(noticeOf(event('charge.dispute.created', { ...dispute('needs_response'), reason: 'bank_cannot_process' })).news).toMatchObject({ reason: 'general', stripeReason: 'bank_cannot_process' });
  });

  it("tells a failed refund, and keeps a payment's amount and key but not its payer's details", () => {
    expect(noticeOf(event('refund.failed', { object: 'refund', id: 're_1', status: 'failed', payment_intent: 'pi_1' })).news).toEqual({ kind: 'refund', intentId: 'pi_1', refundId: 're_1', failed: true });
    expect(noticeOf(event('charge.refunded', { object: 'charge', id: 'ch_1', payment_intent: 'pi_1' })).news).toEqual({ kind: 'refund', intentId: 'pi_1', refundId: null, failed: false });
    const paid = noticeOf(event('payment_intent.succeeded', {
      object: 'payment_intent', id: 'pi_1', amount_received: 1500, latest_charge: 'ch_1', metadata: { authorize_key: 'k' },
      payment_method_data: { billing_details: { name: 'Maria Silva', address: { line1: 'Av. Paulista, 1578' } } },
    }));
    expect(paid.news).toEqual({ kind: 'paid', intentId: 'pi_1', amount: 1500, chargeId: 'ch_1', authorizeKey: 'k' });
    expect(JSON.stringify(paid)).not.toContain('Paulista');
  });
});
