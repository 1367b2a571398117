import type { SimulatorsHandlers } from '../../../generated/operations';
import { maxInstallments } from '../../domain/fees/plan';
import * as fees from '../../domain/fees/service';
import type { Ctx } from '../context';
import { simulationLinks } from '../../core/links';

export const simulatorsHandlers: SimulatorsHandlers<Ctx> = {
  async simulatePaymentMethod(req, ctx) {
    const simulation = await fees.simulatePaymentMethod(ctx.db, ctx.merchant.merchantId, req.query);
    return { status: 200, body: { ...simulation, merchant: ctx.merchant, _links: simulationLinks(req.query, maxInstallments(req.query.method)) } };
  },
};
