/**
 * PIX: the route issues a dynamic QR code (a BR Code) that the payer pays from their bank's app until it expires; the
 * money settles the same day (D+0). Its QR image is drawn once, when the code is recorded, and stored with it.
 */
import { randomBase62 } from '../../ids';
import { pixQrImage } from '../pix-qr-image';
import type { IssuedInstructions } from '../provider';
import type { PaymentMethodModule } from './module';

/** How long a QR code can be paid when the request does not say (`expiresIn`, seconds). */
const DEFAULT_EXPIRES_IN_S = 3600;
/** How long a subscription cycle's QR code can be paid. */
const CYCLE_EXPIRES_MS = 24 * 3_600_000;

const lapsesAfter = (ms: number) => (at: Date) => new Date(at.getTime() + ms);

function ownInstructions(i: IssuedInstructions) {
  if (i.kind !== 'pix') throw new Error(`a PIX charge got ${i.kind} instructions`);
  return i;
}

export const pix: PaymentMethodModule = {
  name: 'pix',
  flow: 'issue',
  takesCard: false,
  payerDocument: null,

  terms(input) {
    if (input.method !== 'pix') throw new Error(`the PIX module was given a ${input.method} payment`);
    const seconds = input.expiresIn ?? DEFAULT_EXPIRES_IN_S;
    return { installments: 1, capture: true, card: null, kept: null, expiresAt: lapsesAfter(seconds * 1000) };
  },

  cycleTerms() {
    return { installments: 1, capture: true, card: null, kept: null, expiresAt: lapsesAfter(CYCLE_EXPIRES_MS) };
  },

  authorizeDetails(charge) {
    return charge.expirationDate ? { kind: 'pix', expiresAt: new Date(charge.expirationDate) } : null;
  },

  issued(instructions) {
    const i = ownInstructions(instructions);
    // Drawn here, before the row is locked, and once: the image is stored with the code, so reads and events carry it as is.
    const image = pixQrImage(i.emv);
    return {
      payment: (urls, token) => ({ pixQrCodeEmv: i.emv, pixQrCodeUrl: urls.pixQr(token), pixQrCodeImage: image }),
      note: 'PIX QR code issued',
    };
  },

  lapse: { from: ['pending', 'awaiting'], reason: 'Expired unpaid.', simulated: 'Expired unpaid.' },
  refund: 'at-once',
  pricing: { planRate: 'pix', maxInstallments: 1, settlementDays: () => 0, whatIf: 'rate' },
  receivable: () => 'PIX payment',
  // PIX Automático's window: at most 3 retries within 7 days of the failure.
  dunning: { defaults: [1, 3, 5], most: 3, withinDays: 7 },

  /** A PIX end-to-end id: `E`, the payer institution's ISPB, the minute of payment, 11 characters of its own. */
  simulatedPayment(at) {
    const minute = at.toISOString().replace(/\D/g, '').slice(0, 12);
    return `E18236120${minute}${randomBase62(11)}`;
  },

  page: { label: 'PIX', kind: 'qr-code' },
};
