/**
 * `payments trigger <event>`: makes the sandbox objects whose changes emit an event, through the public API only
 * (a charge, the sandbox's simulate, a refund…), so a receiver can be tested without writing the flow. Each flow
 * uses fixed, valid sandbox data: the CPF 52998224725 and the sandbox's test cards.
 */
import type { PaymentsResult, Schemas } from '../index.js';
import { sleep } from '../retry.js';
import { apiFailure, CliFailure, isProductionKey, UsageError, type Context } from './context.js';
import type { Command } from './command.js';

type Status = Schemas['Transaction']['status'];
type EventType = Schemas['WebhookEventType'];
/** What trigger reads of a transaction: the creation's answer may be its short form (id, status, amount). */
interface Transaction {
  id: string;
  status: Status;
  amount: number;
}

/** What a flow made, for the one or two lines trigger prints. */
interface Made {
  what: string;
  transactionId?: string;
  customerId?: string;
  status?: Status;
  /** A status the flow waited for and did not see in time. */
  note?: string;
}

interface Flow {
  does: string;
  run(ctx: Context): Promise<Made>;
}

const AMOUNT = 1990;
const PAYER = { firstName: 'Maria', lastName: 'Silva', email: 'maria.silva@example.com', document: { type: 'cpf' as const, number: '52998224725' } };
const CARDS = { approved: '4111111111111111', declined: '4000000000000002', fraudRefused: '4000000000000267' } as const;
const METADATA = { createdBy: 'payments trigger' };

/** The supported events, in the order `trigger --help` lists them. */
export const FLOWS: { readonly [E in EventType]?: Flow } = {
  'transaction.created': {
    does: 'a PIX charge (pending)',
    async run(ctx) {
      const t = await pix(ctx);
      const read = must(ctx, await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: t.id } }, signal: ctx.signal }));
      return { what: `PIX charge ${t.id} of BRL ${(t.amount / 100).toFixed(2)}`, transactionId: t.id, customerId: customerOf(read), status: read.status };
    },
  },
  'transaction.approved': { does: 'a PIX charge, paid by simulate', run: (ctx) => paidPix(ctx, 'paid by simulate') },
  'transaction.failed': { does: `a card charge the sandbox declines (${CARDS.declined})`, run: (ctx) => cardFlow(ctx, CARDS.declined, true, ['failed']) },
  // The sandbox's expiry rather than the merchant's cancel: a cancel sent while the QR code is still being issued in
  // the background is refused (retry later), whereas simulate issues it first when needed.
  'transaction.canceled': {
    does: 'a PIX charge whose QR code expires unpaid (simulate expire)',
    async run(ctx) {
      const t = await pix(ctx);
      const expired = await simulate(ctx, t.id, 'expire');
      return { what: `PIX charge ${t.id} expired unpaid`, transactionId: t.id, customerId: customerOf(expired), status: expired.status };
    },
  },
  'transaction.refunded': { does: 'a PIX charge, paid, then refunded in full', run: (ctx) => refundedPix(ctx, undefined) },
  'transaction.partially-refunded': { does: 'a PIX charge, paid, then half of it refunded', run: (ctx) => refundedPix(ctx, AMOUNT / 2) },
  'transaction.pre-authorized': { does: `a card charge authorized without capture (${CARDS.approved})`, run: (ctx) => cardFlow(ctx, CARDS.approved, false, ['pre-authorized']) },
  'transaction.refused': { does: `a card charge the anti-fraud analysis refuses (${CARDS.fraudRefused})`, run: (ctx) => cardFlow(ctx, CARDS.fraudRefused, true, ['refused']) },
  'transaction.dispute': { does: 'a PIX charge, paid, then disputed by the payer', run: (ctx) => disputed(ctx, false) },
  'transaction.chargeback': { does: 'a PIX charge, paid, disputed, and the dispute lost', run: (ctx) => disputed(ctx, true) },
  'customer.created': {
    does: 'a customer (no document, a new e-mail address each time)',
    async run(ctx) {
      const c = await newCustomer(ctx);
      return { what: `customer ${c.id} created`, customerId: c.id };
    },
  },
  'customer.updated': {
    does: 'a customer, then its last name changed',
    async run(ctx) {
      const c = await newCustomer(ctx);
      must(ctx, await ctx.client.PUT('/v1/customers/{customerId}', { params: { path: { customerId: c.id } }, body: { firstName: c.firstName, lastName: 'Silva Santos', email: c.email }, signal: ctx.signal }));
      return { what: `customer ${c.id} created, then updated`, customerId: c.id };
    },
  },
};

export const trigger: Command = {
  summary: 'make the sandbox objects that produce an event',
  usage: 'payments trigger <event> [--json]',
  help: `Makes, with the API and a sandbox key, the objects whose changes emit <event>, so that it reaches your
endpoints and a running \`payments listen\` without writing the flow yourself. Prints what it made.
Other events of the flow are emitted too (a new charge's transaction.created, say).

events:
${Object.entries(FLOWS)
  .map(([name, f]) => `  ${name.padEnd(32)}${f.does}`)
  .join('\n')}

flags:
  --json   what was made as one JSON object ({"event","transactionId","customerId","status"})`,
  options: { json: { type: 'boolean' } },
  positionals: ['event'],
  check(_flags, [event]) {
    if (!Object.hasOwn(FLOWS, event!)) throw new UsageError(`cannot trigger "${event}"; supported: ${Object.keys(FLOWS).join(', ')}`, false);
  },
  async run(ctx, flags, [event]) {
    if (isProductionKey(ctx.apiKey)) throw new CliFailure('error: trigger needs a sandbox key (sk_test_…): with a production key it would make real charges');
    // `check` let only the events of FLOWS through.
    const made = await FLOWS[event as EventType]!.run(ctx);
    if (flags.json) {
      const { what: _what, note: _note, ...ids } = made;
      ctx.io.stdout(`${JSON.stringify({ event, ...ids })}\n`);
      return 0;
    }
    const about = [made.status ? `status ${made.status}` : '', made.customerId && !made.what.includes(made.customerId) ? `customer ${made.customerId}` : ''].filter(Boolean);
    ctx.io.stdout(`Triggered ${event}: ${made.what}${about.length > 0 ? ` (${about.join('; ')})` : ''}.\n`);
    if (made.note) ctx.io.stdout(`${made.note}\n`);
    return 0;
  },
};

/** The data of a result, or the one-line failure. */
function must<T>(ctx: Context, result: PaymentsResult<T>): T {
  if (result.error) throw apiFailure(ctx, result.error, 'trigger');
  return result.data;
}

function customerOf(t: object): string | undefined {
  const customer = (t as { customer?: { id?: unknown } }).customer;
  return typeof customer?.id === 'string' ? customer.id : undefined;
}

async function pix(ctx: Context): Promise<Transaction> {
  return must(ctx, await ctx.client.POST('/v1/transactions', { body: { amount: AMOUNT, customer: PAYER, metadata: METADATA, payment: { method: 'pix' } }, signal: ctx.signal }));
}

async function simulate(ctx: Context, transactionId: string, action: 'pay' | 'expire' | 'dispute' | 'lose-dispute'): Promise<Schemas['Transaction']> {
  return must(ctx, await ctx.client.POST('/v1/sandbox/transactions/{transactionId}/simulate', { params: { path: { transactionId } }, body: { action }, signal: ctx.signal }));
}

async function paidPix(ctx: Context, what: string): Promise<Made> {
  const t = await pix(ctx);
  const paid = await simulate(ctx, t.id, 'pay');
  return { what: `PIX charge ${t.id} ${what}`, transactionId: t.id, customerId: customerOf(paid), status: paid.status };
}

async function refundedPix(ctx: Context, amount: number | undefined): Promise<Made> {
  const { transactionId, customerId } = await paidPix(ctx, 'paid');
  must(ctx, await ctx.client.POST('/v1/transactions/{transactionId}/refunds', { params: { path: { transactionId: transactionId! } }, body: amount === undefined ? {} : { amount }, signal: ctx.signal }));
  const after = must(ctx, await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: transactionId! } }, signal: ctx.signal }));
  const how = amount === undefined ? 'refunded in full' : `BRL ${(amount / 100).toFixed(2)} of it refunded`;
  return { what: `PIX charge ${transactionId} paid, then ${how}`, transactionId, customerId, status: after.status };
}

async function disputed(ctx: Context, lose: boolean): Promise<Made> {
  const { transactionId, customerId } = await paidPix(ctx, 'paid');
  let t = await simulate(ctx, transactionId!, 'dispute');
  if (lose) t = await simulate(ctx, transactionId!, 'lose-dispute');
  return { what: `PIX charge ${transactionId} paid, then disputed${lose ? ' and the dispute lost' : ''}`, transactionId, customerId, status: t.status };
}

/** A card charge; cards are charged in the background, so it waits (a while) for the status the event names. */
async function cardFlow(ctx: Context, number: string, capture: boolean, want: Status[]): Promise<Made> {
  const card = { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: new Date(ctx.now()).getFullYear() + 3, cvv: '123' };
  const t = must(ctx, await ctx.client.POST('/v1/transactions', { body: { amount: AMOUNT, customer: PAYER, metadata: METADATA, payment: { method: 'credit', capture, card } }, signal: ctx.signal }));
  const { status, customerId } = await waitForStatus(ctx, t, want);
  const made: Made = { what: `card charge ${t.id} (card ${number}${capture ? '' : ', capture false'})`, transactionId: t.id, customerId, status };
  if (!want.includes(status)) {
    made.note = `It is still ${status}: the event follows when the service's worker has processed the charge (payments events list --type transaction.${want[0]}).`;
  }
  return made;
}

/**
 * Reads the transaction until its status is one of `want`, or the wait runs out, polling more and more slowly (the
 * service limits how often one resource is read). Answers the last status seen.
 */
async function waitForStatus(ctx: Context, t: Transaction, want: Status[]): Promise<{ status: Status; customerId: string | undefined }> {
  let status = t.status;
  let customerId: string | undefined;
  const deadline = ctx.now() + ctx.timing.triggerWaitMs;
  for (let pause = 100; !want.includes(status) && ctx.now() < deadline && !ctx.signal.aborted; pause = Math.min(pause * 2, 2000)) {
    await sleep(Math.min(pause, Math.max(0, deadline - ctx.now())), ctx.signal);
    const read = await ctx.client.GET('/v1/transactions/{transactionId}', { params: { path: { transactionId: t.id } }, maxRetries: 0, signal: ctx.signal });
    if (read.error) break;
    status = read.data.status;
    customerId = customerOf(read.data);
  }
  return { status, customerId };
}

async function newCustomer(ctx: Context): Promise<Schemas['Customer']> {
  const tag = Math.floor(ctx.now()).toString(36) + Math.floor(Math.random() * 36 ** 4).toString(36);
  return must(ctx, await ctx.client.POST('/v1/customers', { body: { firstName: 'Maria', lastName: 'Silva', email: `maria.silva+${tag}@example.com`, metadata: METADATA }, signal: ctx.signal }));
}
