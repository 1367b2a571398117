/**
 * What the docs' code samples act on (scripts/code-samples.test.ts runs the client samples, docs-samples.test.ts the
 * curl ones): one resource of every kind their examples name, made through the API as a partner would make them,
 * and the real id standing for each example id.
 */
import { expect } from 'vitest';
import { newCpf } from '../../contract-tests/support/context';
import { createClock } from './clock';
import type { TestService } from './harness';
import { cardBody, payer, pixBody, TEST_CARDS } from './payments';
import { subAccount } from './split-fixtures';
import { createSubscription, subscriptionBody } from './subscriptions';
import { walletBody } from './withdrawals';

export interface SampleFixtures {
  /** A real id for each example id, by prefix (`tra` → an approved PIX charge). */
  ids: Record<string, string>;
  /** Where an operation needs a resource in another state (or one it may destroy): its own ids, by prefix. */
  perOperation: Record<string, Record<string, string>>;
  /** Operations run with the sandbox key of a merchant of their own. */
  ownMerchant: string[];
}

async function created(svc: TestService, path: string, json: unknown): Promise<string> {
  const res = await svc.call(path, { method: 'POST', json });
  const body = (await res.json()) as { id: string };
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBe(201);
  return body.id;
}

async function statusOf(svc: TestService, id: string): Promise<string> {
  return ((await (await svc.call(`/v1/transactions/${id}`)).json()) as { status: string }).status;
}

/** One resource of every kind the samples name, made through the API as a partner would make them. */
export async function makeFixtures(svc: TestService): Promise<SampleFixtures> {
  const { merchantId } = svc.merchant;
  // The examples' customer is Maria Silva, CPF 52998224725 (the charge's payer, the document updateCustomer sets):
  // the customer of the samples is hers. Every other fixture pays with a document of its own.
  const customer = await created(svc, '/v1/customers', payer());
  const someone = () => payer('ana.souza@example.com', newCpf());
  const address = () => created(svc, '/v1/addresses', { ownerType: 'customer', ownerId: customer, street: 'Av. Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', country: 'BR', postcode: '01310200' });
  const wallet = () => created(svc, '/v1/wallets', walletBody());
  const product = await created(svc, '/v1/products', { name: 'Plano Pro' });
  const variant = (pricing: object) => created(svc, '/v1/variants', { productId: product, name: 'Plano Pro', pricing });
  const recurring = await variant({ type: 'recurring', unitPrice: 5000, billingFrequency: 'monthly' });
  const oneTime = await variant({ type: 'one-time', unitPrice: 7500 });

  // Paid, its PIX settles at once: the balance the withdrawal samples spend (the fixture's and the example's 50 000).
  const approved = await created(svc, '/v1/transactions', pixBody({ amount: 100_000, customer: someone() }));
  const pendingPix = () => created(svc, '/v1/transactions', pixBody({ customer: someone() }));
  const [toPay, toCancel] = [await pendingPix(), await pendingPix()];
  const preAuthorized = await created(svc, '/v1/transactions', cardBody(TEST_CARDS.visa, { capture: false }, { customer: someone() }));
  const subscription = () => createSubscription(svc, subscriptionBody({ customer: someone() })).then((s) => s.id);
  const [subscriptionId, toCancelSubscription] = [await subscription(), await subscription()];
  await svc.drain(); // charges processed, subscriptions' first cycles billed
  expect((await svc.call(`/v1/sandbox/transactions/${approved}/simulate`, { method: 'POST', json: { action: 'pay' } })).status).toBe(200);
  await svc.drain();
  expect([await statusOf(svc, approved), await statusOf(svc, preAuthorized)]).toEqual(['approved', 'pre-authorized']);
  // No job runs from here on: what follows stays as it is made (a withdrawal pending, a subscription never billed).
  const toAttach = await subscription();

  const payTo = await wallet();
  const withdrawal = await created(svc, '/v1/withdrawals', { walletId: payTo, amount: 10_000 });

  // A subscription has one split per recipient: each split here, and the sample's own, pays another sub-account.
  const recipient = async () => (await subAccount(svc.db, merchantId)).merchantId;
  const split = async () => created(svc, `/v1/subscriptions/${subscriptionId}/splits`, { recipient: await recipient(), type: 'percentage', value: 10 });
  const [splitId, toDeleteSplit] = [await split(), await split()];

  const link = await created(svc, '/v1/checkouts/payment-links', { name: 'Consultoria', amount: 25_000, methods: ['pix'] });
  let hooks = 0;
  const webhook = () => created(svc, '/v1/webhooks', { name: 'Local', endpoint: `http://127.0.0.1:9/hooks/${(hooks += 1)}`, events: ['transaction.approved'] });
  const [webhookId, toDeleteWebhook] = [await webhook(), await webhook()];
  // An event the endpoints listen to, for redeliverWebhookEvent.
  const events = (await (await svc.call('/v1/webhooks/events?type=transaction.approved&limit=1')).json()) as { data: { id: string }[] };
  const clock = (await createClock(svc, { now: '2027-01-01T03:00:00.000Z' })).id;

  return {
    ids: {
      cus: customer, addr: await address(), wall: payTo, wdr: withdrawal, prd: product, var: recurring, tra: approved,
      subs: subscriptionId, bus: await recipient(), ssp: splitId, link, wbe: webhookId, wbh: events.data[0]!.id, clk: clock,
    },
    perOperation: {
      captureTransaction: { tra: preAuthorized },
      cancelTransaction: { tra: toCancel },
      simulateSandboxTransaction: { tra: toPay },
      deleteAddress: { addr: await address() },
      deleteWallet: { wall: await wallet() },
      cancelSubscription: { subs: toCancelSubscription },
      attachSandboxClockSubscription: { subs: toAttach },
      deleteSubscriptionSplit: { ssp: toDeleteSplit },
      createPaymentLink: { var: oneTime }, // a recurring variant is sold by recurring links only
      deleteWebhook: { wbe: toDeleteWebhook },
    },
    // Samples whose example claims, in one account, what another sample's example claims too (Maria's document, the
    // same endpoint URL as createWebhook's): each runs for a merchant of its own, as on a partner's first try.
    ownMerchant: ['createCustomer', 'createWebhookEndpoint'],
  };
}
