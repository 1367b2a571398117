/**
 * A payment method is data: a fourth one, defined in a test-only module (`testing/bolepix.ts`) and added to the method
 * table, is charged through the engine end to end (its checks, the processing job, its own route and authorize
 * payload, its issued fields, the payment, the ledger, the events) without a production file knowing its name. The
 * contract still lists three methods. Through the domain, not HTTP: the API's validator knows the contract's three.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/schema';
import type { Merchant, Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import type { Db } from '../../db/types';
import { merchantOf } from '../../domain/access/merchants';
import { createTransaction } from '../../domain/transactions/create';
import * as repo from '../../domain/transactions/repo';
import { simulate } from '../../domain/transactions/simulate';
import { transactionView } from '../../domain/transactions/view';
import { endOfSaoPauloDay, saoPauloDate } from '../../core/calendar';
import { bolepix, bolepixBank, BOLEPIX, type BolepixDetails } from '../../testing/bolepix';
import { ENGINES, startTestService, type TestService } from '../../testing/harness';
import { expectLedgerConsistent } from '../../testing/ledger';
import { CPF, eventTypes, payer, timelineOf } from '../../testing/payments';
import { defaultRoutes } from '../orchestrator';
import type { AuthorizeRequest } from '../provider';
import { buildBoleto, sandboxFreeField } from '../sandbox/boleto';
import { brCodeValid } from '../sandbox/brcode';
import { addPaymentMethod, CONTRACT_METHODS, findMethod, paymentMethods } from './index';

type CreateTransactionRequest = components['schemas']['CreateTransactionRequest'];

/** A bolepix charge's body, as the API would take it if the contract listed the method. */
const bolepixBody = (over: { dueDate?: string | null; document?: string | null } = {}) => {
  const dueDate = over.dueDate === undefined ? saoPauloDate(new Date(), 5) : over.dueDate;
  return {
    amount: 25_000,
    customer: payer(`bolepix-${Math.random()}@example.com`, over.document === undefined ? CPF : over.document),
    payment: { method: BOLEPIX, ...(dueDate ? { dueDate } : {}) },
  } as unknown as CreateTransactionRequest;
};

describe('the method table', () => {
  it("holds the contract's three methods, each under its own name, and a method added to it until it is taken out", () => {
    expect(CONTRACT_METHODS).toEqual(['pix', 'credit', 'billet']);
    expect(paymentMethods().map((m) => m.name)).toEqual(['pix', 'credit', 'billet']);
    const remove = addPaymentMethod(bolepix);
    expect(findMethod(BOLEPIX)).toBe(bolepix);
    expect(() => addPaymentMethod(bolepix)).toThrow(/already in the method table/);
    remove();
    expect(findMethod(BOLEPIX)).toBeNull();
    expect(paymentMethods()).toHaveLength(3);
  });

  it('no production file names the fourth method: the test module and the table are all it takes', () => {
    const root = resolve(import.meta.dirname, '../..');
    const production = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing/'),
    );
    expect(production.length).toBeGreaterThan(100);
    expect(production.filter((f) => readFileSync(resolve(root, f), 'utf8').toLowerCase().includes('bolepix'))).toEqual([]);
  });

  it('the contract still lists three methods', () => {
    const spec = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../generated/openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    expect(spec.components.schemas.PaymentMethod?.enum).toEqual(['pix', 'credit', 'billet']);
  });
});

describe.each(ENGINES)('a fourth method charged through the engine, on $name', (engine) => {
  let svc: TestService;
  let scope: Scope;
  let merchant: Merchant;
  let remove: () => void;
  const asked: AuthorizeRequest[] = [];

  beforeAll(async () => {
    remove = addPaymentMethod(bolepix);
    svc = await startTestService(engine, {}, {
      routes: (db: Db) => {
        const routes = defaultRoutes(db);
        return { ...routes, providers: [bolepixBank(asked), ...routes.providers] };
      },
    });
    // The database guards the contract's methods as the validator does; this test's own database lets the fourth in.
    await svc.db.query('ALTER TABLE transactions DROP CONSTRAINT transactions_method_check');
    scope = { merchantId: svc.merchant.merchantId, mode: 'sandbox' };
    merchant = await merchantOf(svc.db, scope.merchantId);
  });
  afterAll(async () => {
    remove?.();
    await svc?.close();
  });

  const read = async (id: string) => {
    const row = await repo.findTransactionById(svc.db, id);
    if (!row) throw new Error(`no transaction ${id}`);
    return transactionView(svc.db, row, merchant);
  };

  it('refuses what its own checks refuse: no due date (400), a due date out of its range, a payer without a document (422)', async () => {
    const refusal = (body: CreateTransactionRequest) =>
      createTransaction(svc.payments, scope, merchant, body).then(
        () => null,
        (err: unknown) => (err instanceof ApiError ? { code: err.code, params: err.params } : err),
      );
    expect(await refusal(bolepixBody({ dueDate: null }))).toEqual({ code: 'invalidParameters', params: [{ 'payment[dueDate]': 'is required for a bolepix' }] });
    expect(await refusal(bolepixBody({ dueDate: saoPauloDate(new Date()) }))).toMatchObject({ code: 'unprocessableEntity' });
    expect(await refusal(bolepixBody({ document: null }))).toEqual({
      code: 'unprocessableEntity',
      params: [{ 'customer[document]': 'is required for a bolepix' }],
    });
    expect(asked).toHaveLength(0);
  });

  it('is issued on its route by the processing job, paid, settled into the ledger, with its events', async () => {
    const dueDate = saoPauloDate(new Date(), 5);
    const created = await createTransaction(svc.payments, scope, merchant, bolepixBody({ dueDate }));
    expect(created.method).toBe(BOLEPIX);
    expect((await read(created.id)).status).toBe('pending');

    // The processing job sends it to the one route serving it, with the payload its module built.
    await svc.drain();
    expect(asked).toHaveLength(1);
    const req = asked[0]!;
    expect(req.method).toBe(BOLEPIX);
    const details = req.details as unknown as BolepixDetails;
    expect(details).toEqual({ kind: 'bolepix', dueDate, expiresAt: endOfSaoPauloDay(dueDate) });

    // What the issued answer wrote is what the module made of the route's instructions.
    const issued = await read(created.id);
    expect(issued.status).toBe('pending');
    expect(issued.payment.provider).toBe('bolepix-bank');
    // The route's first bolepix: reference 1, its billet and QR code drawn from the due date and amount sent.
    const reference = '00000000001';
    const billet = buildBoleto({ bankCode: '001', amount: 25_000, dueDate, freeField: sandboxFreeField(reference) });
    expect(issued.payment).toMatchObject({
      acquirerTransactionNumber: `001${reference}`,
      billetBarcode: billet.barcode,
      billetSequence: billet.digitableLine,
      billetUrl: `${issued.payment.invoiceLink}/billet`,
      pixQrCodeUrl: `${issued.payment.invoiceLink}/qr.png`,
      expirationDate: endOfSaoPauloDay(dueDate).toISOString(),
    });
    expect(brCodeValid(issued.payment.pixQrCodeEmv!)).toBe(true);
    expect(timelineOf(issued)).toEqual(['status:null>pending', 'route:bolepix-bank:sent', 'note']);
    expect(issued.timeline[0]!.message).toBe('Bolepix registered: billet and PIX QR code');

    // Paid through the engine's own path (the sandbox's payer): approved, its receivable settled the same day.
    await simulate(svc.payments, scope, created.id, 'pay');
    const paid = await read(created.id);
    expect(paid.status).toBe('approved');
    expect(paid.receivables).toMatchObject([{ status: 'paid', grossAmount: 25_000, amount: 25_000 - 349, description: 'Bolepix payment' }]);
    const entries = await svc.db.query<{ type: string; amount: number }>(
      'SELECT type, amount::int AS amount FROM ledger_entries WHERE transaction_id = $1 ORDER BY seq',
      [created.id],
    );
    expect(entries.rows).toEqual([{ type: 'settlement', amount: 25_000 }, { type: 'fee', amount: -349 }]);
    await expectLedgerConsistent(svc.db);
    expect(await eventTypes(svc.db, created.id)).toEqual(['transaction.created', 'transaction.approved']);
  });
});
