/**
 * What the flows of `payments trigger` share: the shape of a flow and of what it made, the fixed sandbox data, the
 * one-line failure of a call, and waiting (politely) for work the service does in the background.
 */
import { sleep, type PaymentsResult, type Schemas } from '@payments-service/client';
import { apiFailure, type Context } from './context.js';

/** The ids a flow reports, named as `--json` prints them. */
export type MadeIds = Partial<
  Record<'transactionId' | 'customerId' | 'subscriptionId' | 'cycleId' | 'clockId' | 'walletId' | 'withdrawalId' | 'paymentLinkId' | 'checkoutSessionId', string>
>;

/** What a flow made, for the one or two lines trigger prints. */
export interface Made {
  what: string;
  ids: MadeIds;
  status?: string;
  /** A status the flow waited for and did not see in time, or how to take the flow further. */
  note?: string;
}

export interface Flow {
  /** What the flow makes, for `trigger --help`. */
  does: string;
  run(ctx: Context): Promise<Made>;
}

/** An event no sandbox flow can produce, and why (printed by `--help` and when it is asked for). */
export interface NotTriggerable {
  cannot: string;
}

export const AMOUNT = 1990;
export const CPF = '52998224725';
export const PAYER = { firstName: 'Maria', lastName: 'Silva', email: 'maria.silva@example.com', document: { type: 'cpf' as const, number: CPF } };
export const CARDS = { approved: '4111111111111111', declined: '4000000000000002', review: '4000000000000259', fraudRefused: '4000000000000267' } as const;
export const METADATA = { createdBy: 'payments trigger' };

/** A sandbox card that expires three years from now. */
export function card(ctx: Context, number: string) {
  return { number, holderName: 'MARIA SILVA', expMonth: 12, expYear: new Date(ctx.now()).getFullYear() + 3, cvv: '123' };
}

/** The data of a result, or the one-line failure. */
export function must<T>(ctx: Context, result: PaymentsResult<T>): T {
  if (result.error) throw apiFailure(ctx, result.error, 'trigger');
  return result.data;
}

export function customerOf(t: object): string | undefined {
  const customer = (t as { customer?: { id?: unknown } }).customer;
  return typeof customer?.id === 'string' ? customer.id : undefined;
}

/** `BRL 19.90`. */
export function brl(cents: number): string {
  return `BRL ${(cents / 100).toFixed(2)}`;
}

/**
 * Reads with `read` until `done` holds for what it answers, or the wait (`ctx.timing.triggerWaitMs`) runs out,
 * polling more and more slowly (the service limits how often one resource is read). Answers the last value read;
 * `undefined` only when not even one read succeeded.
 */
export async function waitFor<T>(ctx: Context, read: () => Promise<PaymentsResult<T>>, done: (value: T) => boolean, first?: T): Promise<T | undefined> {
  let value = first;
  const deadline = ctx.now() + ctx.timing.triggerWaitMs;
  for (let pause = 100; (value === undefined || !done(value)) && ctx.now() < deadline && !ctx.signal.aborted; pause = Math.min(pause * 2, 2000)) {
    await sleep(Math.min(pause, Math.max(0, deadline - ctx.now())), ctx.signal);
    const result = await read();
    if (result.error) break;
    value = result.data;
  }
  return value;
}

/** A PIX charge of `amount`, left `pending` (its QR code is issued in the background). */
export async function pix(ctx: Context, amount = AMOUNT): Promise<Schemas['Transaction']> {
  // The creation may answer the short form; the flows read only id, status and amount of it.
  return must(ctx, await ctx.client.POST('/v1/transactions', { body: { amount, customer: PAYER, metadata: METADATA, payment: { method: 'pix' } }, signal: ctx.signal })) as Schemas['Transaction'];
}

export type SimulateAction = Schemas['SimulateTransactionRequest']['action'];

/** The sandbox's payer, card network or bank acting on a charge. */
export async function simulate(ctx: Context, transactionId: string, action: SimulateAction): Promise<Schemas['Transaction']> {
  return must(ctx, await ctx.client.POST('/v1/sandbox/transactions/{transactionId}/simulate', { params: { path: { transactionId } }, body: { action }, signal: ctx.signal }));
}
