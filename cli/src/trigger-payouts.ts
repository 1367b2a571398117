/**
 * The flows of `payments trigger` for `withdrawal.*` and `checkout.*` events. A withdrawal needs money in the
 * balance and a wallet: trigger pays a sandbox PIX when the balance is short, and uses the merchant's first enabled
 * wallet (registering a sandbox one when there is none). Its amount ends in `02`, which the sandbox bank holds until
 * `simulate` pays or fails it (the Withdrawals chapter), so each event is produced on purpose, not by timing.
 * A checkout payment is made as a payer makes it: the payment link's page opened, its form posted (PIX), the PIX paid.
 */
import type { Schemas } from '@payments-service/client';
import { CliFailure, type Context } from './context.js';
import { brl, CPF, METADATA, must, pix, simulate, waitFor, type Flow, type Made } from './trigger-support.js';

type Withdrawal = Schemas['Withdrawal'];

/** Ends in 02: the sandbox bank holds the transfer until simulate answers for it. */
const WITHDRAWAL_AMOUNT = 1002;
/** A PIX that, less its fee, covers a withdrawal. */
const FUNDING_AMOUNT = 5000;

export const PAYOUT_FLOWS = {
  withdrawalCreated: {
    does: `a withdrawal of ${brl(WITHDRAWAL_AMOUNT)} (left pending: the sandbox bank holds it until simulate)`,
    async run(ctx) {
      const w = await withdraw(ctx);
      return {
        ...made(w, `withdrawal ${w.id} of ${brl(w.amount)} to wallet ${w.walletId}`),
        note: `The sandbox bank holds it: POST /v1/sandbox/withdrawals/${w.id}/simulate with {"action":"pay"} or {"action":"fail"} settles it.`,
      };
    },
  },
  withdrawalPaid: { does: `a withdrawal of ${brl(WITHDRAWAL_AMOUNT)}, paid by the sandbox bank (simulate pay)`, run: (ctx) => settled(ctx, 'pay') },
  withdrawalFailed: { does: `a withdrawal of ${brl(WITHDRAWAL_AMOUNT)}, returned by the sandbox bank (simulate fail)`, run: (ctx) => settled(ctx, 'fail') },
  checkoutCompleted: {
    does: "a payment link, paid by PIX on its checkout page (the page's form, then simulate pay)",
    run: (ctx) => paidOnCheckout(ctx),
  },
} satisfies Record<string, Flow>;

function made(w: Withdrawal, what: string): Made {
  return { what, ids: { withdrawalId: w.id, walletId: w.walletId }, status: w.status };
}

async function settled(ctx: Context, action: 'pay' | 'fail'): Promise<Made> {
  const w = await withdraw(ctx);
  const after = must(ctx, await ctx.client.POST('/v1/sandbox/withdrawals/{withdrawalId}/simulate', { params: { path: { withdrawalId: w.id } }, body: { action }, signal: ctx.signal }));
  return made(after, `withdrawal ${w.id} of ${brl(w.amount)} to wallet ${w.walletId}, ${action === 'pay' ? 'paid' : 'returned'} by the sandbox bank`);
}

async function withdraw(ctx: Context): Promise<Withdrawal> {
  await fund(ctx, WITHDRAWAL_AMOUNT);
  const walletId = await wallet(ctx);
  return must(ctx, await ctx.client.POST('/v1/withdrawals', { body: { walletId, amount: WITHDRAWAL_AMOUNT, description: 'payments trigger', metadata: METADATA }, signal: ctx.signal }));
}

/** Makes sure `amount` is available: a PIX paid settles into the balance at once (D+0). */
async function fund(ctx: Context, amount: number): Promise<void> {
  const balance = () => ctx.client.GET('/v1/balance', { maxRetries: 0, signal: ctx.signal });
  const available = (b: Schemas['Balance']) => b.balances.find((x) => x.currency === 'BRL')?.available ?? 0;
  const now = must(ctx, await balance());
  if (available(now) >= amount) return;
  const t = await pix(ctx, FUNDING_AMOUNT);
  await simulate(ctx, t.id, 'pay');
  const after = (await waitFor(ctx, balance, (b) => available(b) >= amount, now)) ?? now;
  if (available(after) < amount) {
    throw new CliFailure(`error: the balance has ${brl(available(after))} available after paying PIX charge ${t.id}; a withdrawal of ${brl(amount)} needs more. Try again in a moment.`);
  }
}

/** The merchant's first enabled sandbox wallet, or a new one. */
async function wallet(ctx: Context): Promise<string> {
  const list = must(ctx, await ctx.client.GET('/v1/wallets', { params: { query: { limit: 100 } }, signal: ctx.signal }));
  const usable = list.data.find((w) => (w as { enabled?: boolean }).enabled !== false);
  if (usable) return usable.id;
  const created = must(ctx, await ctx.client.POST('/v1/wallets', {
    body: { name: 'Sandbox wallet (payments trigger)', bankCode: '341', routingNumber: '0912', accountNumber: '45678-9', accountType: 'checking', holderName: 'Maria Silva', holderDocument: { type: 'cpf', number: CPF } },
    signal: ctx.signal,
  }));
  return created.id;
}

/** A payment link, opened and paid by PIX as a payer would on its page; the session completes when the PIX is paid. */
async function paidOnCheckout(ctx: Context): Promise<Made> {
  const link = must(ctx, await ctx.client.POST('/v1/checkouts/payment-links', { body: { name: 'payments trigger', amount: 1990, methods: ['pix'], metadata: METADATA }, signal: ctx.signal }));
  const page = new URL(link.accessFullUrl);
  const fetcher = ctx.io.fetch ?? globalThis.fetch;
  const opened = await fetcher(page, { signal: ctx.signal });
  const html = await opened.text();
  const cookie = opened.headers.get('set-cookie')?.split(';')[0];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (opened.status !== 200 || !cookie || !csrf) {
    throw new CliFailure(`error: the checkout page of payment link ${link.id} (${page}) answered ${opened.status} without a payment form`);
  }
  const form = new URLSearchParams({ csrf, amount: String(link.amount), method: 'pix', name: 'Maria Silva', email: 'maria.silva@example.com', document: CPF });
  const posted = await fetcher(new URL(`${page.pathname}/pay`, page), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: page.origin },
    body: form.toString(),
    signal: ctx.signal,
  });
  if (posted.status !== 303) throw new CliFailure(`error: the checkout page of payment link ${link.id} refused the payment (${posted.status})`);
  const charge = await chargeOf(ctx, link.id);
  const paid = await simulate(ctx, charge.id, 'pay');
  return {
    what: `payment link ${link.id}, paid by PIX (charge ${charge.id}) on its checkout page${paid.checkoutSessionId ? ` (session ${paid.checkoutSessionId})` : ''}`,
    ids: { paymentLinkId: link.id, transactionId: charge.id, ...(paid.checkoutSessionId ? { checkoutSessionId: paid.checkoutSessionId } : {}) },
    status: paid.status,
  };
}

/**
 * The charge the checkout page just made for a link: among the newest transactions (list items do not carry the
 * link), the first whose full form names it.
 */
async function chargeOf(ctx: Context, paymentLinkId: string): Promise<Schemas['Transaction']> {
  const recent = must(ctx, await ctx.client.GET('/v1/transactions', { params: { query: { limit: 10, method: 'pix', status: 'pending' } }, signal: ctx.signal }));
  for (const item of recent.data) {
    const t = must(ctx, await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: item.id } }, signal: ctx.signal }));
    if (t.paymentLinkId === paymentLinkId) return t;
  }
  throw new CliFailure(`error: no transaction of payment link ${paymentLinkId} was found after paying on its page`);
}
