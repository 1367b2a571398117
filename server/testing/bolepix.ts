/**
 * A fourth payment method, for the tests only: the "bolepix", a billet that also carries a PIX QR code (Brazilian
 * banks issue such hybrids), and a route that serves it. It is what a method added later would bring, written
 * against the method interface alone (`payments/methods/module.ts`): its own input checks (a due date it requires,
 * within 60 days; a payer's CPF or CNPJ), its own authorize payload, its own issued fields (the billet's and the QR
 * code's), its own receivables' words. The contract knows three methods, so its name and its wire shapes are cast
 * where the contract's types name the three.
 */
import { ApiError } from '../core/errors';
import { endOfSaoPauloDay, saoPauloDate } from '../core/calendar';
import type { PaymentMethodModule } from '../payments/methods/module';
import type { AuthorizeDetails, AuthorizeRequest, AuthorizeResult, IssuedInstructions, PaymentMethod, PaymentProvider } from '../payments/provider';
import { buildBoleto, sandboxFreeField } from '../payments/sandbox/boleto';
import { buildDynamicBrCode } from '../payments/sandbox/brcode';

export const BOLEPIX = 'bolepix' as PaymentMethod;

/** What the API would take for it: `{ method: 'bolepix', dueDate }`. */
interface BolepixInput {
  method: 'bolepix';
  dueDate?: string;
}

/** What the route is sent besides the amount. */
export interface BolepixDetails {
  kind: 'bolepix';
  dueDate: string;
  expiresAt: Date;
}

/** What the route answers when it registered one. */
export interface BolepixInstructions {
  kind: 'bolepix';
  barcode: string;
  digitableLine: string;
  emv: string;
  expiresAt: string;
}

const MAX_DAYS_AHEAD = 60;

export const bolepix: PaymentMethodModule = {
  name: BOLEPIX,
  flow: 'issue',
  takesCard: false,
  payerDocument: {
    message: 'A bolepix needs a customer with a CPF or CNPJ.',
    reason: 'is required for a bolepix',
    page: 'Informe o CPF ou CNPJ: o bolepix precisa dele.',
  },

  terms(input, now) {
    const own = input as unknown as BolepixInput;
    if (!own.dueDate) throw new ApiError('invalidParameters', { params: [{ 'payment[dueDate]': 'is required for a bolepix' }] });
    const dueDate = own.dueDate;
    if (dueDate <= saoPauloDate(now) || dueDate > saoPauloDate(now, MAX_DAYS_AHEAD)) {
      throw new ApiError('unprocessableEntity', {
        resource: 'transaction',
        message: `A bolepix is due from tomorrow to ${MAX_DAYS_AHEAD} days ahead.`,
        params: [{ 'payment[dueDate]': `must be from tomorrow to ${MAX_DAYS_AHEAD} days ahead` }],
      });
    }
    return { installments: 1, capture: true, card: null, kept: { dueDate }, expiresAt: () => endOfSaoPauloDay(dueDate) };
  },

  cycleTerms(c) {
    const dueDate = saoPauloDate(c.now, 1);
    return { installments: 1, capture: true, card: null, kept: { dueDate }, expiresAt: () => endOfSaoPauloDay(dueDate) };
  },

  authorizeDetails(charge) {
    const kept = charge.kept as { dueDate: string } | null;
    if (!kept || !charge.expirationDate) return null;
    const details: BolepixDetails = { kind: 'bolepix', dueDate: kept.dueDate, expiresAt: new Date(charge.expirationDate) };
    return details as unknown as AuthorizeDetails;
  },

  issued(instructions) {
    const i = instructions as unknown as BolepixInstructions;
    return {
      payment: (urls, token) => ({
        billetUrl: urls.billet(token), billetBarcode: i.barcode, billetSequence: i.digitableLine,
        pixQrCodeEmv: i.emv, pixQrCodeUrl: urls.pixQr(token),
      }),
      note: 'Bolepix registered: billet and PIX QR code',
    };
  },

  lapse: { from: ['pending', 'awaiting'], reason: 'Bolepix expired unpaid.', simulated: 'Bolepix expired unpaid.' },
  refund: 'confirmed-later',
  // Priced at the plan's billet rate; paid through PIX or the billet, it settles the same day.
  pricing: { planRate: 'billet', maxInstallments: 1, settlementDays: () => 0, whatIf: 'rate' },
  receivable: () => 'Bolepix payment',
  dunning: { defaults: [2], most: 2, withinDays: 10 },
  page: { label: 'Bolepix', kind: 'slip' },
};

/**
 * The bank that registers bolepix charges: a route serving that method alone, in sandbox. It answers a repeated key
 * with its first answer, as every route must; `asked` keeps the requests it was sent.
 */
export function bolepixBank(asked: AuthorizeRequest[] = []): PaymentProvider {
  const answers = new Map<string, AuthorizeResult>();
  return {
    id: 'bolepix-bank',
    version: '1.0',
    methods: [BOLEPIX],
    modes: ['sandbox'],
    async authorize(req) {
      asked.push(req);
      const known = answers.get(req.idempotencyKey);
      if (known) return known;
      const details = req.details as unknown as BolepixDetails | undefined;
      if (details?.kind !== 'bolepix') return { kind: 'declined', code: 'processingFailed', message: 'No bolepix details.' };
      const reference = String(answers.size + 1).padStart(11, '0');
      const { barcode, digitableLine } = buildBoleto({ bankCode: '001', amount: req.amount, dueDate: details.dueDate, freeField: sandboxFreeField(reference) });
      const emv = buildDynamicBrCode({ location: `bolepix.example/cob/${reference}`, amount: req.amount, merchantName: req.merchant.name, merchantCity: 'SAO PAULO' });
      const instructions: BolepixInstructions = { kind: 'bolepix', barcode, digitableLine, emv, expiresAt: details.expiresAt.toISOString() };
      const answer: AuthorizeResult = { kind: 'issued', acquirerTransactionNumber: `001${reference}`, instructions: instructions as unknown as IssuedInstructions };
      answers.set(req.idempotencyKey, answer);
      return answer;
    },
    capture: async () => ({ kind: 'declined', message: 'A bolepix is not captured.' }),
    cancel: async () => ({ kind: 'canceled' }),
    refund: async () => ({ kind: 'pending' }),
    refundStatus: async () => ({ kind: 'succeeded' }),
  };
}
