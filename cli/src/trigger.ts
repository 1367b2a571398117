/**
 * `payments trigger <event>`: makes the sandbox objects whose changes emit an event, through the public API only
 * (a charge, the sandbox's simulate, a refund, a test clock…), so a receiver can be tested without writing the flow.
 * Each flow uses fixed, valid sandbox data: the CPF 52998224725 and the sandbox's test cards. The table below has
 * one entry per event type of the spec (tsc refuses it otherwise): a flow, or the reason no sandbox flow exists.
 */
import type { WebhookEventType } from '@payments-service/client/webhooks';
import { CliFailure, isProductionKey, UsageError } from './context.js';
import type { Command } from './command.js';
import { PAYOUT_FLOWS as P } from './trigger-payouts.js';
import { SUBSCRIPTION_FLOWS as S } from './trigger-subscriptions.js';
import type { Flow, NotTriggerable } from './trigger-support.js';
import { TRANSACTION_FLOWS as T } from './trigger-transactions.js';

/** Every event type of the spec, in the spec's order: how trigger makes it, or why it cannot. */
export const TRIGGERS: { readonly [E in WebhookEventType]: Flow | NotTriggerable } = {
  'transaction.created': T.created,
  'transaction.pre-authorized': T.preAuthorized,
  'transaction.approved': T.approved,
  'transaction.failed': T.failed,
  'transaction.refused': T.refused,
  'transaction.canceled': T.canceled,
  'transaction.partially-refunded': T.partiallyRefunded,
  'transaction.refunded': T.refunded,
  'transaction.dispute': T.dispute,
  'transaction.chargeback': T.chargeback,
  'transaction.analyzing': T.analyzing,
  'transaction.fraud-review': T.fraudReview,
  'transaction.awaiting': {
    cannot: 'needs every payment route of the method to be unavailable; the sandbox routes always answer (card 4000000000000119 only takes the first down, and the charge falls back to the second)',
  },
  'customer.created': T.customerCreated,
  'customer.updated': T.customerUpdated,
  'withdrawal.created': P.withdrawalCreated,
  'withdrawal.paid': P.withdrawalPaid,
  'withdrawal.failed': P.withdrawalFailed,
  'subscription.created': S.created,
  'subscription.activated': S.activated,
  'subscription.past-due': S.pastDue,
  'subscription.paused': S.paused,
  'subscription.resumed': S.resumed,
  'subscription.unpaid': S.unpaid,
  'subscription.canceled': S.canceled,
  'subscription.expired': S.expired,
  'cycle.billed': S.cycleBilled,
  'cycle.paid': S.cyclePaid,
  'cycle.failed': S.cycleFailed,
  'checkout.completed': P.checkoutCompleted,
  'checkout.abandoned': {
    cannot: "a checkout session is abandoned only when its time runs out (the service's CHECKOUT_SESSION_TTL_SECONDS, 24 hours by default), and no sandbox operation moves that time",
  },
};

function isFlow(t: Flow | NotTriggerable): t is Flow {
  return 'run' in t;
}

/** The events trigger makes, with their flows. */
export const FLOWS: Readonly<Partial<Record<WebhookEventType, Flow>>> = Object.fromEntries(Object.entries(TRIGGERS).filter(([, t]) => isFlow(t)));

/** The events no sandbox flow makes, with the reason. */
export const NOT_TRIGGERABLE: Readonly<Partial<Record<WebhookEventType, string>>> = Object.fromEntries(
  Object.entries(TRIGGERS).flatMap(([event, t]) => (isFlow(t) ? [] : [[event, t.cannot]])),
);

export const trigger: Command = {
  summary: 'make the sandbox objects that produce an event',
  usage: 'payments trigger <event> [--json]',
  help: `Makes, with the API and a sandbox key, the objects whose changes emit <event>, so that it reaches your
endpoints and a running \`payments listen\` without writing the flow yourself. Prints what it made.
Other events of the flow are emitted too (a new charge's transaction.created, say). Subscriptions live on a
sandbox test clock of their own, advanced through their billing (see the Sandbox chapter).

events:
${Object.entries(FLOWS)
  .map(([name, f]) => `  ${name.padEnd(32)}${f.does}`)
  .join('\n')}

cannot be triggered:
${Object.entries(NOT_TRIGGERABLE)
  .map(([name, why]) => `  ${name.padEnd(32)}${why}`)
  .join('\n')}

flags:
  --json   what was made as one JSON object ({"event", the ids made such as "transactionId", "status"})`,
  options: { json: { type: 'boolean' } },
  positionals: ['event'],
  check(_flags, [event]) {
    const why = Object.hasOwn(NOT_TRIGGERABLE, event!) ? NOT_TRIGGERABLE[event as WebhookEventType] : undefined;
    if (why) throw new UsageError(`cannot trigger "${event}" in the sandbox: it ${why}`, false);
    if (!Object.hasOwn(FLOWS, event!)) throw new UsageError(`cannot trigger "${event}"; supported: ${Object.keys(FLOWS).join(', ')}`, false);
  },
  async run(ctx, flags, [event]) {
    if (isProductionKey(ctx.apiKey)) throw new CliFailure('error: trigger needs a sandbox key (sk_test_…): with a production key it would make real charges');
    // `check` let only the events of FLOWS through.
    const made = await FLOWS[event as WebhookEventType]!.run(ctx);
    const ids = Object.fromEntries(Object.entries(made.ids).filter(([, id]) => id !== undefined));
    if (flags.json) {
      ctx.io.stdout(`${JSON.stringify({ event, ...ids, ...(made.status ? { status: made.status } : {}) })}\n`);
      return 0;
    }
    const about = [made.status ? `status ${made.status}` : '', made.ids.customerId && !made.what.includes(made.ids.customerId) ? `customer ${made.ids.customerId}` : ''].filter(Boolean);
    ctx.io.stdout(`Triggered ${event}: ${made.what}${about.length > 0 ? ` (${about.join('; ')})` : ''}.\n`);
    if (made.note) ctx.io.stdout(`${made.note}\n`);
    return 0;
  },
};
