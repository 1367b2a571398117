/** The job kinds of the payments engine and the handler of each (see `PaymentJob`). */
import type { JobHandler } from '../../jobs/worker';
import type { Engine, PaymentJob } from './engine';
import { analyseTransaction, confirmRefund, expireTransaction, processTransaction, settleDay, voidAuthorization } from './processing';

type Payload<K extends PaymentJob['kind']> = Extract<PaymentJob, { kind: K }>['payload'];

export function paymentJobHandlers(engine: Engine): Record<PaymentJob['kind'], JobHandler> {
  const of = <K extends PaymentJob['kind']>(payload: Record<string, unknown>) => payload as Payload<K>;
  return {
    'transaction.process': (job) => processTransaction(engine, of<'transaction.process'>(job.payload).transactionId),
    'transaction.analysis': (job) => {
      const p = of<'transaction.analysis'>(job.payload);
      return analyseTransaction(engine, p.transactionId, p.stage);
    },
    'transaction.expire': (job) => expireTransaction(engine, of<'transaction.expire'>(job.payload).transactionId),
    'receivables.settle': (job) => {
      const p = of<'receivables.settle'>(job.payload);
      return settleDay(engine, p.transactionId, p.day);
    },
    'refund.confirm': (job) => confirmRefund(engine, of<'refund.confirm'>(job.payload).refundId),
    'transaction.void': (job) => {
      const p = of<'transaction.void'>(job.payload);
      return voidAuthorization(engine, p.transactionId, p.provider, p.key);
    },
  };
}
