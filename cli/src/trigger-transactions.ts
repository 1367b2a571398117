/**
 * The flows of `payments trigger` for `transaction.*` and `customer.*` events: PIX charges the sandbox's payer pays,
 * lets expire or disputes, and card charges with the sandbox's test cards, each through the public API.
 */
import type { Schemas } from '@payments-service/client';
import type { Context } from './context.js';
import { AMOUNT, brl, card, CARDS, customerOf, METADATA, must, PAYER, pix, simulate, waitFor, type Flow, type Made } from './trigger-support.js';

type Status = Schemas['Transaction']['status'];

export const TRANSACTION_FLOWS = {
  created: {
    does: 'a PIX charge (pending)',
    async run(ctx) {
      const t = await pix(ctx);
      const read = must(ctx, await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: t.id } }, signal: ctx.signal }));
      return { what: `PIX charge ${t.id} of ${brl(t.amount)}`, ids: { transactionId: t.id, customerId: customerOf(read) }, status: read.status };
    },
  },
  approved: { does: 'a PIX charge, paid by simulate', run: (ctx) => paidPix(ctx, 'paid by simulate') },
  failed: { does: `a card charge the sandbox declines (${CARDS.declined})`, run: (ctx) => cardFlow(ctx, CARDS.declined, true, ['failed']) },
  // The sandbox's expiry rather than the merchant's cancel: a cancel sent while the QR code is still being issued in
  // the background is refused (retry later), whereas simulate issues it first when needed.
  canceled: {
    does: 'a PIX charge whose QR code expires unpaid (simulate expire)',
    async run(ctx) {
      const t = await pix(ctx);
      const expired = await simulate(ctx, t.id, 'expire');
      return { what: `PIX charge ${t.id} expired unpaid`, ids: { transactionId: t.id, customerId: customerOf(expired) }, status: expired.status };
    },
  },
  refunded: { does: 'a PIX charge, paid, then refunded in full', run: (ctx) => refundedPix(ctx, undefined) },
  partiallyRefunded: { does: 'a PIX charge, paid, then half of it refunded', run: (ctx) => refundedPix(ctx, AMOUNT / 2) },
  preAuthorized: { does: `a card charge authorized without capture (${CARDS.approved})`, run: (ctx) => cardFlow(ctx, CARDS.approved, false, ['pre-authorized']) },
  refused: { does: `a card charge the anti-fraud analysis refuses (${CARDS.fraudRefused})`, run: (ctx) => cardFlow(ctx, CARDS.fraudRefused, true, ['refused']) },
  dispute: { does: 'a PIX charge, paid, then disputed by the payer', run: (ctx) => disputed(ctx, false) },
  chargeback: { does: 'a PIX charge, paid, disputed, and the dispute lost', run: (ctx) => disputed(ctx, true) },
  // The review card goes analyzing → fraud-review → approved: one flow shows both events.
  analyzing: { does: `a card charge sent to the anti-fraud analysis, then approved (${CARDS.review})`, run: (ctx) => cardFlow(ctx, CARDS.review, true, ['approved']) },
  fraudReview: { does: `a card charge the anti-fraud analysis reviews, then approves (${CARDS.review})`, run: (ctx) => cardFlow(ctx, CARDS.review, true, ['approved']) },
  customerCreated: {
    does: 'a customer (no document, a new e-mail address each time)',
    async run(ctx) {
      const c = await newCustomer(ctx);
      return { what: `customer ${c.id} created`, ids: { customerId: c.id } };
    },
  },
  customerUpdated: {
    does: 'a customer, then its last name changed',
    async run(ctx) {
      const c = await newCustomer(ctx);
      must(ctx, await ctx.client.PUT('/v1/customers/{customerId}', { params: { path: { customerId: c.id } }, body: { firstName: c.firstName, lastName: 'Silva Santos', email: c.email }, signal: ctx.signal }));
      return { what: `customer ${c.id} created, then updated`, ids: { customerId: c.id } };
    },
  },
} satisfies Record<string, Flow>;

async function paidPix(ctx: Context, what: string): Promise<Made> {
  const t = await pix(ctx);
  const paid = await simulate(ctx, t.id, 'pay');
  return { what: `PIX charge ${t.id} ${what}`, ids: { transactionId: t.id, customerId: customerOf(paid) }, status: paid.status };
}

async function refundedPix(ctx: Context, amount: number | undefined): Promise<Made> {
  const { ids } = await paidPix(ctx, 'paid');
  const transactionId = ids.transactionId!;
  must(ctx, await ctx.client.POST('/v1/transactions/{transactionId}/refunds', { params: { path: { transactionId } }, body: amount === undefined ? {} : { amount }, signal: ctx.signal }));
  const after = must(ctx, await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId } }, signal: ctx.signal }));
  const how = amount === undefined ? 'refunded in full' : `${brl(amount)} of it refunded`;
  return { what: `PIX charge ${transactionId} paid, then ${how}`, ids, status: after.status };
}

async function disputed(ctx: Context, lose: boolean): Promise<Made> {
  const { ids } = await paidPix(ctx, 'paid');
  let t = await simulate(ctx, ids.transactionId!, 'dispute');
  if (lose) t = await simulate(ctx, ids.transactionId!, 'lose-dispute');
  return { what: `PIX charge ${ids.transactionId} paid, then disputed${lose ? ' and the dispute lost' : ''}`, ids, status: t.status };
}

/** A card charge; cards are charged in the background, so it waits (a while) for the status the event names. */
async function cardFlow(ctx: Context, number: string, capture: boolean, want: Status[]): Promise<Made> {
  const t = must(ctx, await ctx.client.POST('/v1/transactions', { body: { amount: AMOUNT, customer: PAYER, metadata: METADATA, payment: { method: 'credit', capture, card: card(ctx, number) } }, signal: ctx.signal }));
  const read = () => ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: t.id } }, maxRetries: 0, signal: ctx.signal });
  const last = await waitFor(ctx, read, (r) => want.includes(r.status));
  const status = last?.status ?? t.status;
  const made: Made = { what: `card charge ${t.id} (card ${number}${capture ? '' : ', capture false'})`, ids: { transactionId: t.id, customerId: last ? customerOf(last) : undefined }, status };
  if (!want.includes(status)) {
    made.note = `It is still ${status}: the event follows when the service's worker has processed the charge (payments events list --type transaction.${want[0]}).`;
  }
  return made;
}

async function newCustomer(ctx: Context): Promise<Schemas['Customer']> {
  const tag = Math.floor(ctx.now()).toString(36) + Math.floor(Math.random() * 36 ** 4).toString(36);
  return must(ctx, await ctx.client.POST('/v1/customers', { body: { firstName: 'Maria', lastName: 'Silva', email: `maria.silva+${tag}@example.com`, metadata: METADATA }, signal: ctx.signal }));
}
