import type { SimulatorsHandlers } from '../../../generated/operations';
import type { components } from '../../../generated/schema';
import { maxInstallments } from '../../domain/fees/plan';
import * as fees from '../../domain/fees/service';
import type { Ctx } from '../context';

type Links = components['schemas']['Links'];

const PATH = '/v1/simulators/payment-methods';

/** The simulator's URL for `query`, parameters in the spec's order (amount, method, fee, installment, brand). */
function href(query: fees.SimulationQuery, installment?: number): string {
  const qs = new URLSearchParams({ amount: String(query.amount), method: query.method });
  if (query.fee !== undefined) qs.set('fee', String(query.fee));
  if (installment !== undefined) qs.set('installment', String(installment));
  if (query.brand !== undefined) qs.set('brand', query.brand);
  return `${PATH}?${qs.toString()}`;
}

/**
 * `self` is the request in canonical form: the validator has filled in `installment`'s default, so 1 is left out
 * (as in the spec's examples). `installment` is the same in one installment, `installments` in the most allowed.
 */
function simulationLinks(query: fees.SimulationQuery): Links {
  const installment = query.installment === undefined || query.installment === 1 ? undefined : query.installment;
  return {
    self: { href: href(query, installment), method: 'GET', description: 'This simulation' },
    installment: { href: href(query, 1), method: 'GET', description: 'The same in a single installment' },
    installments: {
      href: href(query, maxInstallments(query.method)),
      method: 'GET',
      description: 'The same in the most installments the method allows',
    },
  };
}

export const simulatorsHandlers: SimulatorsHandlers<Ctx> = {
  async simulatePaymentMethod(req, ctx) {
    const simulation = await fees.simulatePaymentMethod(ctx.db, ctx.merchant.merchantId, req.query);
    return { status: 200, body: { ...simulation, merchant: ctx.merchant, _links: simulationLinks(req.query) } };
  },
};
