/**
 * The job kinds of recurring billing with their handlers, and what running out of attempts means for each:
 *
 * | kind | exhausted |
 * |---|---|
 * | `subscription.bill` | stays dead: the cycle stays `scheduled` (or `failed`) and is not billed on a guess; `retry-job` bills it once the cause is fixed |
 * | `subscription.start`, `subscription.end` | stay dead: the subscription keeps its status until an operator retries the job |
 */
import type { HandlerTable } from '../../jobs/kinds';
import type { Engine } from '../transactions/engine';
import { billCycle, expireSubscription, startTrial } from './billing';
import type { SubscriptionJob } from './job-types';

export type { SubscriptionJob } from './job-types';

const keepDead = async (): Promise<void> => undefined;

export function subscriptionJobHandlers(engine: Engine): HandlerTable<SubscriptionJob> {
  return {
    'subscription.bill': { run: ({ payload: p }) => billCycle(engine, p), onExhausted: keepDead },
    'subscription.start': { run: ({ payload: p }) => startTrial(engine, p.subscriptionId), onExhausted: keepDead },
    'subscription.end': { run: ({ payload: p }) => expireSubscription(engine, p.subscriptionId), onExhausted: keepDead },
  };
}
