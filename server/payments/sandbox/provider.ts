/**
 * The sandbox provider: answers like an acquirer, a PIX institution and a billet bank would, without moving money.
 * PIX charges get a real BR Code (CRC16 and all; its QR image is drawn on request by the public page); billets a real barcode and digitable line;
 * cards an outcome chosen by the test card's scenario. Two routes exist, `sandbox` and `sandbox-fallback`, so the
 * fallback of the orchestrator can be seen: the `fallback` test card finds the first one unavailable.
 */
import type { Db } from '../../db/types';
import { randomBase62 } from '../../ids';
import { methodOf } from '../methods';
import type {
  AuthorizeDetails,
  AuthorizeRequest,
  AuthorizeResult,
  CancelResult,
  CaptureResult,
  PaymentMethod,
  PaymentProvider,
  RefundResult,
  RefundStatusResult,
} from '../provider';
import { buildBoleto, sandboxFreeField } from './boleto';
import { buildDynamicBrCode } from './brcode';
import { isSandboxToken, scenarioOf } from './cards';
import { amend, recall, remember } from './ledger';

const PIX_HOST = 'pix.payments.example';
/** The bank the sandbox registers billets with. */
const BILLET_BANK = '341';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** The request's details when they are of `kind` (a route reads the kind it serves), else null. */
function detailsOf<K extends AuthorizeDetails['kind']>(req: AuthorizeRequest, kind: K): Extract<AuthorizeDetails, { kind: K }> | null {
  return req.details?.kind === kind ? (req.details as Extract<AuthorizeDetails, { kind: K }>) : null;
}

function issuePix(req: AuthorizeRequest): AuthorizeResult {
  // A dynamic BR Code points at a location holding the charge; its txid is 26 to 35 letters and digits.
  const txid = `${req.transactionId.slice(4)}${randomBase62(10)}`;
  const emv = buildDynamicBrCode({
    location: `${PIX_HOST}/qr/v2/cob/${txid}`,
    amount: req.amount,
    // The BR Code carries the name in plain ASCII; a name with nothing ASCII in it is shown as the generic payee.
    merchantName: /[A-Za-z0-9]/.test(req.merchant.name.normalize('NFKD')) ? req.merchant.name : 'RECEBEDOR',
    merchantCity: 'SAO PAULO',
  });
  return {
    kind: 'issued',
    acquirerTransactionNumber: txid,
    instructions: {
      kind: 'pix',
      emv,
      txid,
      expiresAt: (detailsOf(req, 'pix')?.expiresAt ?? new Date(Date.now() + 3_600_000)).toISOString(),
    },
  };
}

function issueBillet(req: AuthorizeRequest): AuthorizeResult {
  const billet = detailsOf(req, 'billet');
  if (!billet) throw new Error('sandbox: a billet charge needs its billet fields');
  const referenceNumber = digits(11);
  const { barcode, digitableLine } = buildBoleto({
    bankCode: BILLET_BANK,
    amount: req.amount,
    dueDate: billet.dueDate,
    freeField: sandboxFreeField(referenceNumber),
  });
  return {
    kind: 'issued',
    acquirerTransactionNumber: `${BILLET_BANK}${referenceNumber}`,
    instructions: {
      kind: 'billet',
      barcode,
      digitableLine,
      documentNumber: billet.documentNumber,
      referenceNumber,
      expiresAt: billet.expiresAt.toISOString(),
    },
  };
}

function chargeCard(req: AuthorizeRequest): AuthorizeResult {
  if (!req.card) throw new Error('sandbox: a card charge needs its card');
  const scenario = scenarioOf(req.card.token);
  if (scenario === 'decline') return { kind: 'declined', code: 'issuerDeclined', message: 'The card issuer declined the charge.' };
  if (scenario === 'no-funds') {
    return { kind: 'declined', code: 'insufficientFunds', message: 'The card has insufficient funds for this amount.' };
  }
  const numbers = { acquirerTransactionNumber: `${req.transactionId.slice(4)}${digits(10)}`, authorizationCode: digits(6) };
  return req.capture ? { kind: 'approved', ...numbers } : { kind: 'authorized', ...numbers };
}

/**
 * The sandbox's counterpart of each method it serves, in the contract's order: the PIX institution, the card acquirer,
 * the billet bank. A route knows the methods it serves, as a real provider's own mapping to its wire does; the
 * engine asks the method modules instead.
 */
const COUNTERPARTS: readonly { method: PaymentMethod; authorize(req: AuthorizeRequest): AuthorizeResult }[] = [
  { method: 'pix', authorize: issuePix },
  { method: 'credit', authorize: chargeCard },
  { method: 'billet', authorize: issueBillet },
];

/**
 * A sandbox route named `id`; `primary` is the route the `fallback` test card finds down. `latencyMs` plays a slow
 * acquirer: the answer to an authorization, capture, cancel or refund arrives that long after the sandbox acted on it.
 */
export function sandboxProvider(db: Db, id: 'sandbox' | 'sandbox-fallback', latencyMs = 0): PaymentProvider {
  const primary = id === 'sandbox';
  const slow = <T>(answer: T): Promise<T> =>
    latencyMs > 0 ? new Promise((resolve) => setTimeout(() => resolve(answer), latencyMs)) : Promise.resolve(answer);
  return {
    id,
    version: '1.0',
    methods: COUNTERPARTS.map((c) => c.method),
    modes: ['sandbox'],

    async authorize(req) {
      const known = await recall<AuthorizeResult>(db, req.idempotencyKey);
      if (known) return known.result;
      // A card another route's vault tokenized (a Stripe route in test mode) is that account's: the simulator cannot
      // charge it, so it must not "approve" it either (nothing recorded: the route is unavailable for it).
      if (req.card && !isSandboxToken(req.card.token)) {
        return { kind: 'unavailable', reason: `route ${id}: the card was tokenized by another route` };
      }
      if (primary && req.card && scenarioOf(req.card.token) === 'fallback') {
        // Not recorded: an unavailable route did nothing, and a later call may find it up.
        return { kind: 'unavailable', reason: 'The sandbox primary route is down for this test card.' };
      }
      const counterpart = COUNTERPARTS.find((c) => c.method === req.method);
      if (!counterpart) throw new Error(`sandbox: ${req.method} is not a method it serves`);
      const result = counterpart.authorize(req);
      return slow(
        await remember(db, req.idempotencyKey, {
          provider: id, operation: 'authorize', transactionId: req.transactionId, amount: req.amount, result,
        }),
      );
    },

    async capture(req): Promise<CaptureResult> {
      const auth = await recall<AuthorizeResult>(db, req.authorizeKey);
      const result: CaptureResult =
        auth?.result.kind === 'authorized' && req.amount <= auth.amount
          ? { kind: 'captured' }
          : { kind: 'declined', message: 'There is no authorization of this amount to capture.' };
      return slow(
        await remember(db, req.idempotencyKey, {
          provider: id, operation: 'capture', transactionId: req.transactionId, amount: req.amount, result,
        }),
      );
    },

    async cancel(req): Promise<CancelResult> {
      return slow(
        await remember<CancelResult>(db, req.idempotencyKey, {
          provider: id, operation: 'cancel', transactionId: req.transactionId, amount: req.amount, result: { kind: 'canceled' },
        }),
      );
    },

    async refund(req): Promise<RefundResult> {
      // The method's refund path: a billet has no account to return to, its refund is a PIX transfer the bank confirms later.
      const result: RefundResult = methodOf(req.method).refund === 'confirmed-later' ? { kind: 'pending' } : { kind: 'succeeded' };
      return slow(
        await remember(db, req.idempotencyKey, {
          provider: id, operation: 'refund', transactionId: req.transactionId, amount: req.amount, result,
        }),
      );
    },

    async refundStatus(req): Promise<RefundStatusResult> {
      const known = await recall<RefundResult>(db, req.idempotencyKey);
      if (!known) return { kind: 'failed', reason: 'The sandbox has no refund under this key.' };
      if (known.result.kind === 'pending') {
        // The sandbox bank confirms a pending transfer the first time it is asked.
        await amend<RefundResult>(db, req.idempotencyKey, { kind: 'succeeded' });
        return { kind: 'succeeded' };
      }
      if (known.result.kind === 'unavailable') return { kind: 'pending' };
      return known.result;
    },
  };
}
