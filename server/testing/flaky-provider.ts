/**
 * A sandbox route whose behaviour a test sets per operation, for the tests of provider failures: the call is
 * answered `unavailable` (nothing done), hangs, throws, or reaches the sandbox and then hangs or throws (the provider
 * acted, the answer is lost), or the capture is declined.
 */
import type { Db } from '../db/types';
import type { PaymentRoutes } from '../payments/orchestrator';
import type { PaymentProvider } from '../payments/provider';
import { sandboxAntiFraud, sandboxVault } from '../payments/sandbox/cards';
import { sandboxProvider } from '../payments/sandbox/provider';

export type Behaviour = 'up' | 'down' | 'hang' | 'throw' | 'act-then-hang' | 'act-then-throw' | 'decline';
type Op = 'authorize' | 'capture' | 'cancel' | 'refund' | 'refundStatus';

/** What each operation does now (`up` when not named); `calls` lists what reached the route. */
export interface Switches {
  ops: Partial<Record<Op, Behaviour>>;
  calls: string[];
}

export function switches(): Switches {
  return { ops: {}, calls: [] };
}

function flaky(db: Db, s: Switches): PaymentProvider {
  const real = sandboxProvider(db, 'sandbox');
  const gate = async <T>(op: Op, run: () => Promise<T>, declined?: T): Promise<T> => {
    s.calls.push(op);
    switch (s.ops[op] ?? 'up') {
      case 'up':
        return run();
      case 'down':
        return { kind: 'unavailable', reason: 'switched off by the test' } as T;
      case 'hang':
        return new Promise<T>(() => undefined);
      case 'throw':
        throw new Error('connection reset by peer');
      case 'act-then-hang':
        return run().then(() => new Promise<T>(() => undefined));
      case 'act-then-throw':
        return run().then(() => {
          throw new Error('connection reset by peer');
        });
      case 'decline':
        if (!declined) throw new Error(`the test cannot decline a ${op}`);
        return declined;
    }
  };
  return {
    ...real,
    authorize: (req) => gate('authorize', () => real.authorize(req)),
    capture: (req) => gate('capture', () => real.capture(req), { kind: 'declined', message: 'Authorization no longer valid.' }),
    cancel: (req) => gate('cancel', () => real.cancel(req)),
    refund: (req) => gate('refund', () => real.refund(req)),
    refundStatus: (req) => gate('refundStatus', () => real.refundStatus(req)),
  };
}

/** One flaky sandbox route, as the `routes` option of a test service. */
export function flakyRoutes(s: Switches): (db: Db) => PaymentRoutes {
  return (db) => ({ providers: [flaky(db, s)], vaults: { sandbox: sandboxVault }, antifraud: { sandbox: sandboxAntiFraud } });
}
