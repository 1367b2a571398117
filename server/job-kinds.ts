/**
 * Every job kind of the service: one closed union of the parts' unions, and one handler table that must hold each
 * kind of it. A new part adds its union here and its table beside the others; a new kind of a part (`PaymentJob`)
 * only needs its handler in that part's table, or nothing compiles.
 */
import type { Engine, PaymentJob } from './domain/transactions/engine';
import { paymentJobHandlers } from './domain/transactions/jobs';
import { subscriptionJobHandlers, type SubscriptionJob } from './domain/subscriptions/jobs';
import { checkoutJobHandlers, type CheckoutJob } from './domain/checkout/jobs';
import { withdrawalJobHandlers, type WithdrawalJob } from './domain/withdrawals/jobs';
import { routeJobHandlers, type RouteJob } from './domain/routes/sweep';
import type { HandlerTable } from './jobs/kinds';
import type { Logger } from 'pino';
import { webhookJobHandlers, type Webhooks } from './webhooks/delivery';
import { notificationJobHandlers, type NotificationJob } from './domain/team/notifications';
import type { Mailer } from './mail/mailer';
import type { WebhookJob } from './webhooks/outbox';

export type ServiceJob = PaymentJob | WebhookJob | SubscriptionJob | CheckoutJob | WithdrawalJob | RouteJob | NotificationJob;

/** Where the dashboard's e-mails go out, and the origin their links point to. */
export interface MailOut {
  mailer: Mailer | null;
  /** The service's origin (known once it listens). */
  baseUrl: () => string;
}

export function serviceJobHandlers(engine: Engine, webhooks: Webhooks, logger: Logger, mail: MailOut = { mailer: null, baseUrl: () => '' }): HandlerTable<ServiceJob> {
  return {
    ...paymentJobHandlers(engine),
    ...webhookJobHandlers(webhooks),
    ...subscriptionJobHandlers(engine),
    ...checkoutJobHandlers(engine.db),
    ...withdrawalJobHandlers(engine),
    ...routeJobHandlers(engine, logger),
    ...notificationJobHandlers(engine.db, mail.mailer, mail.baseUrl),
  };
}

/**
 * The kinds that spend their time waiting on the network, not the CPU or the database: a worker runs them in a lane of
 * its own, `WORKER_IO_CONCURRENCY` wide, so slow receivers neither hold up charges nor are held up by them.
 */
export const IO_JOB_KINDS: readonly ServiceJob['kind'][] = ['webhook.deliver', 'route.sweep', 'route.reconcile', 'dashboard.notify'];
