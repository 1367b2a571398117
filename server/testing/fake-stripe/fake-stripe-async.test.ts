/**
 * The fake Stripe's asynchronous money: boleto and Pix issued, paid or lapsed; refunds pending until the bank settles
 * them; disputes opened by the test card or by the bank, closed, won or lost. Through the SDK, with the events each
 * step emits.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { boletoValid } from '../../payments/sandbox/boleto';
import { brCodeError, parseBrCode } from '../../payments/sandbox/brcode';
import { BOLETO_DATA, cardIntent, cardParams, withFake } from './test-support';

const card = (number: string) => cardParams(number) as Stripe.PaymentIntentCreateParams.PaymentMethodData;
const boleto = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}): Stripe.PaymentIntentCreateParams =>
  ({ amount, currency: 'brl', allowed_payment_method_types: ['boleto'], payment_method_data: BOLETO_DATA, confirm: true, ...extra });
const pix = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}): Stripe.PaymentIntentCreateParams =>
  ({ amount, currency: 'brl', allowed_payment_method_types: ['pix'], payment_method_data: { type: 'pix' }, confirm: true, ...extra });

describe('boleto', () => {
  it('issues a voucher (requires_action, a valid 47-digit line, due at 23:59 São Paulo) that the payer pays', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(boleto(15000, { payment_method_options: { boleto: { expires_after_days: 2 } } }));
      expect([pi.status, pi.next_action?.type]).toEqual(['requires_action', 'boleto_display_details']);
      const details = pi.next_action!.boleto_display_details!;
      expect(details.number).toMatch(/^\d{47}$/);
      expect(boletoValid(details.number!)).toBe(true);
      expect(details.number!.slice(-10)).toBe('0000015000');
      const due = new Date((details.expires_at! - 3 * 3600) * 1000);
      expect([due.getUTCHours(), due.getUTCMinutes()]).toEqual([23, 59]);
      const today = new Date(Date.now() - 3 * 3600 * 1000);
      expect(Math.round((Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / 86_400_000)).toBe(2);
      expect((await fetch(details.hosted_voucher_url!)).status).toBe(200);
      const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string);
      expect(pm).toMatchObject({ type: 'boleto', boleto: { tax_id: '12345678909' }, billing_details: { email: 'fulano@example.com' } });
      const report = await fake.pay(pi.id);
      expect(report.events.map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
      const paid = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
      expect([paid.status, paid.amount_received, paid.next_action]).toEqual(['succeeded', 15000, null]);
      expect((paid.latest_charge as Stripe.Charge).payment_method_details).toEqual({ type: 'boleto', boleto: { tax_id: '12345678909' } });
      await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ statusCode: 400, code: 'charge_not_refundable' });
    });
  });

  it("refuses what a boleto can't have: missing billing details, an invalid CPF, too small an amount, manual capture", async () => {
    await withFake({}, async (fake, stripe) => {
      const noEmail = { ...BOLETO_DATA, billing_details: { ...BOLETO_DATA.billing_details, email: undefined } };
      await expect(stripe.paymentIntents.create(boleto(5000, { payment_method_data: noEmail }))).rejects.toMatchObject({
        statusCode: 400, code: 'parameter_missing', param: 'payment_method_data[billing_details][email]',
      });
      await expect(stripe.paymentIntents.create(boleto(5000, { payment_method_data: { ...BOLETO_DATA, boleto: { tax_id: '123.456.789-00' } } }))).rejects.toMatchObject({
        statusCode: 400, param: 'payment_method_data[boleto][tax_id]',
      });
      await expect(stripe.paymentIntents.create(boleto(499))).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_small' });
      await expect(stripe.paymentIntents.create(boleto(5000, { capture_method: 'manual' }))).rejects.toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
      expect(fake.paymentIntents()).toEqual([]);
    });
  });

  it('lapses unpaid through processing to requires_payment_method; a late payment in processing still succeeds', async () => {
    await withFake({}, async (fake, stripe) => {
      const unpaid = await stripe.paymentIntents.create(boleto(5000));
      const report = await fake.expire(unpaid.id);
      expect(report.events.map((e) => [e.type, (e.data.object as Stripe.PaymentIntent).status])).toEqual([
        ['payment_intent.processing', 'processing'], ['payment_intent.payment_failed', 'requires_payment_method'],
      ]);
      expect((await stripe.paymentIntents.retrieve(unpaid.id)).last_payment_error?.code).toBe('payment_intent_payment_attempt_expired');
      const late = await stripe.paymentIntents.create(boleto(5000));
      await fake.expire(late.id, { holdProcessing: true });
      expect((await stripe.paymentIntents.retrieve(late.id)).status).toBe('processing');
      await fake.pay(late.id);
      expect((await stripe.paymentIntents.retrieve(late.id)).status).toBe('succeeded');
    });
  });
});

describe('pix', () => {
  it('shows a BR Code with its deadline, images and instructions; paid, it succeeds; lapsed, it fails', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(pix(4990, { payment_method_options: { pix: { expires_after_seconds: 600 } } }));
      expect([pi.status, pi.next_action?.type]).toEqual(['requires_action', 'pix_display_qr_code']);
      const qr = pi.next_action!.pix_display_qr_code!;
      expect(qr.data!.startsWith('000201')).toBe(true);
      expect(brCodeError(qr.data!)).toBeNull();
      expect(parseBrCode(qr.data!)['54']).toBe('49.90');
      expect(Math.abs(qr.expires_at! - (Math.floor(Date.now() / 1000) + 600))).toBeLessThanOrEqual(2);
      const png = await fetch(qr.image_url_png!);
      expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect((await fetch(qr.image_url_svg!)).headers.get('content-type')).toBe('image/svg+xml');
      expect((await fetch(qr.hosted_instructions_url!)).status).toBe(200);
      await fake.pay(pi.id);
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
      const lapsed = await stripe.paymentIntents.create(pix(1000));
      const report = await fake.expire(lapsed.id);
      expect(report.events.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
      expect(await stripe.paymentIntents.retrieve(lapsed.id)).toMatchObject({ status: 'requires_payment_method', payment_method: null });
      const both = { pix: { expires_after_seconds: 600, expires_at: Math.floor(Date.now() / 1000) + 900 } };
      await expect(stripe.paymentIntents.create(pix(1000, { payment_method_options: both }))).rejects.toMatchObject({ code: 'parameters_exclusive' });
    });
  });
});

describe('refunds', () => {
  it('keeps card refunds pending until settled, counts them on the charge, and refuses more than what is left', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }));
      const part = await stripe.refunds.create({ payment_intent: pi.id, amount: 300, reason: 'requested_by_customer' });
      expect([part.status, part.amount, part.charge]).toEqual(['pending', 300, pi.latest_charge]);
      expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({ amount_refunded: 300, refunded: false });
      await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 800 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
      const settled = await fake.settleRefund(part.id, 'succeeded');
      expect(settled.events.map((e) => e.type)).toEqual(['refund.updated', 'charge.refund.updated']);
      expect(settled.events[0]!.data.previous_attributes).toMatchObject({ status: 'pending' });
      const rest = await stripe.refunds.create({ charge: pi.latest_charge as string });
      expect(rest.amount).toBe(700);
      await fake.settleRefund(rest.id, 'failed');
      expect(await stripe.refunds.retrieve(rest.id)).toMatchObject({ status: 'failed', failure_reason: 'declined' });
      expect((await stripe.charges.retrieve(pi.latest_charge as string)).amount_refunded).toBe(300);
      const again = await stripe.refunds.create({ payment_intent: pi.id });
      await fake.settleRefund(again.id, 'succeeded');
      expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({ amount_refunded: 1000, refunded: true });
      await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
      const types = fake.events().map((e) => e.type).filter((t) => t.startsWith('refund.') || t.startsWith('charge.refund'));
      expect(types).toEqual([
        'refund.created', 'charge.refunded', 'refund.updated', 'charge.refund.updated',
        'refund.created', 'charge.refunded', 'refund.updated', 'refund.failed', 'charge.refund.updated',
        'refund.created', 'charge.refunded', 'refund.updated', 'charge.refund.updated',
      ]);
    });
  });

  it("succeeds at once with refunds: 'instant', and refunds a Pix (pending by default)", async () => {
    await withFake({ refunds: 'instant' }, async (_fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(1000, { payment_method_data: card('4242424242424242'), confirm: true }));
      expect((await stripe.refunds.create({ payment_intent: pi.id })).status).toBe('succeeded');
    });
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(pix(1000));
      await fake.pay(pi.id);
      expect((await stripe.refunds.create({ payment_intent: pi.id, amount: 400 })).status).toBe('pending');
    });
  });
});

describe('disputes', () => {
  it('opens a fraudulent dispute shortly after a payment with 4000000000000259; closing it accepts the loss', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(2000, { payment_method_data: card('4000000000000259'), confirm: true }));
      expect(pi.status).toBe('succeeded');
      await fake.idle();
      const created = fake.events().find((e) => e.type === 'charge.dispute.created')!;
      const dispute = await stripe.disputes.retrieve((created.data.object as Stripe.Dispute).id);
      expect(dispute).toMatchObject({ amount: 2000, charge: pi.latest_charge, payment_intent: pi.id, reason: 'fraudulent', status: 'needs_response' });
      expect(dispute.evidence_details.due_by).toBeGreaterThan(Math.floor(Date.now() / 1000));
      expect(dispute.balance_transactions.map((b) => b.amount)).toEqual([-2000]);
      expect((await stripe.charges.retrieve(pi.latest_charge as string)).disputed).toBe(true);
      await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: 'charge_disputed' });
      expect((await stripe.disputes.close(dispute.id)).status).toBe('lost');
      expect(fake.events().map((e) => e.type).filter((t) => t.startsWith('charge.dispute'))).toEqual([
        'charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.closed',
      ]);
      await expect(stripe.disputes.close(dispute.id)).rejects.toMatchObject({ statusCode: 400 });
    });
  });

  it('lets the bank open a dispute on any captured card payment and decide it won, reinstating the funds', async () => {
    await withFake({}, async (fake, stripe) => {
      const pi = await stripe.paymentIntents.create(cardIntent(3000, { payment_method_data: card('4242424242424242'), confirm: true }));
      const { dispute, report } = await fake.openDispute(pi.id, { reason: 'product_not_received', amount: 1000 });
      expect(report.events.map((e) => e.type)).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn']);
      expect([dispute.amount, dispute.reason]).toEqual([1000, 'product_not_received']);
      const won = await fake.closeDispute(dispute.id, 'won');
      expect(won.events.map((e) => e.type)).toEqual(['charge.dispute.closed', 'charge.dispute.funds_reinstated']);
      expect(won.events[0]!.data.previous_attributes).toMatchObject({ status: 'needs_response' });
      const read = await stripe.disputes.retrieve(dispute.id);
      expect([read.status, read.balance_transactions.map((b) => b.amount)]).toEqual(['won', [-1000, 1000]]);
      const boletoPi = await stripe.paymentIntents.create(boleto(5000));
      await fake.pay(boletoPi.id);
      await expect(fake.openDispute(boletoPi.id)).rejects.toThrow(/only card payments/);
    });
  });
});
