/**
 * The billet (boleto): the route registers it with a bank and answers its barcode and digitable line; the payer pays
 * it until the end of its due day (a subscription's cycle: some days more), and the money settles the next day
 * (D+1). It is issued to a CPF or CNPJ, so the payer must have one; and it has no account to return money to, so its
 * refund is a PIX transfer that the bank confirms later.
 */
import { ApiError } from '../../core/errors';
import { addDays, endOfSaoPauloDay, saoPauloDate } from '../../core/calendar';
import type { IssuedInstructions } from '../provider';
import type { PaymentMethodModule } from './module';

/** What a billet keeps on its charge for its authorization (`processing.billet`). */
interface BilletKept {
  dueDate: string;
  instructions: string | null;
}

/** The due date (São Paulo calendar): today to 365 days ahead; 3 days after today when omitted. */
function dueDateOf(sent: string | undefined, now: Date): string {
  const today = saoPauloDate(now);
  const due = sent ?? saoPauloDate(now, 3);
  // The format check lets an impossible day through (2026-02-30): only a real calendar day round-trips.
  const parsed = new Date(`${due}T00:00:00.000Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== due) {
    throw new ApiError('invalidParameters', { params: [{ 'payment[dueDate]': 'must be a real calendar date (YYYY-MM-DD)' }] });
  }
  if (due < today || due > saoPauloDate(now, 365)) {
    throw new ApiError('unprocessableEntity', {
      resource: 'transaction',
      message: `The due date ${due} must be from ${today} to 365 days ahead.`,
      params: [{ 'payment[dueDate]': 'must be from today to 365 days ahead' }],
    });
  }
  return due;
}

function ownInstructions(i: IssuedInstructions) {
  if (i.kind !== 'billet') throw new Error(`a billet charge got ${i.kind} instructions`);
  return i;
}

export const billet: PaymentMethodModule = {
  name: 'billet',
  flow: 'issue',
  takesCard: false,
  payerDocument: {
    message: 'A billet needs a customer with a CPF or CNPJ.',
    reason: 'is required for a billet',
    page: 'Informe o CPF ou CNPJ: o boleto precisa dele.',
  },

  terms(input, now) {
    if (input.method !== 'billet') throw new Error(`the billet module was given a ${input.method} payment`);
    const dueDate = dueDateOf(input.dueDate, now);
    const kept: BilletKept = { dueDate, instructions: input.instructions ?? null };
    return { installments: 1, capture: true, card: null, kept, expiresAt: () => endOfSaoPauloDay(dueDate) };
  },

  cycleTerms(c) {
    // The billet is due on the subscription's day (its clock's, on a test clock); its lapse is written as the wall
    // time at the same distance, which the engine carries back onto the clock when it schedules the expiry.
    const dueDate = saoPauloDate(c.now);
    const kept: BilletKept = { dueDate, instructions: `Assinatura ${c.subscriptionId}, ciclo ${c.cycle}` };
    const lapse = endOfSaoPauloDay(addDays(dueDate, c.billetToleranceDays)).getTime() - c.now.getTime();
    return { installments: 1, capture: true, card: null, kept, expiresAt: (at) => new Date(at.getTime() + lapse) };
  },

  authorizeDetails(charge) {
    const kept = charge.kept as BilletKept | null;
    if (!kept || !charge.expirationDate) return null;
    return {
      kind: 'billet',
      dueDate: kept.dueDate,
      expiresAt: new Date(charge.expirationDate),
      instructions: kept.instructions,
      documentNumber: charge.externalReference?.replace(/\D/g, '').slice(-10) || charge.id.slice(-10),
    };
  },

  issued(instructions) {
    const i = ownInstructions(instructions);
    return {
      payment: (urls, token) => ({
        // The voucher of the bank that registered it, when its route hosts one (Stripe); our printable page otherwise.
        billetUrl: i.voucherUrl ?? urls.billet(token), billetBarcode: i.barcode, billetSequence: i.digitableLine,
        billetDocumentNumber: i.documentNumber, billetReferenceNumber: i.referenceNumber,
      }),
      note: 'Billet registered with the bank',
    };
  },

  lapse: { from: ['pending', 'awaiting'], reason: 'Expired unpaid.', simulated: 'Expired unpaid.' },
  refund: 'confirmed-later',
  pricing: { planRate: 'billet', maxInstallments: 1, settlementDays: () => 1, whatIf: 'rate' },
  receivable: () => 'Billet payment',
  dunning: { defaults: [1], most: 3, withinDays: 30 },
  page: { label: 'Boleto', kind: 'slip' },
};
