/**
 * A worker process killed with SIGKILL while its `PUT /cob/{txid}` is at the PSP (the PSP created the charge; the
 * answer never came back): the charge is taken over by another worker once the lease runs out, and the PSP ends with
 * one payable charge for it, which the payer pays and the notification approves. Never a second payable charge,
 * never a charge left pending with no payable code. PostgreSQL only (two processes on one database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES, requirePostgres } from '../../testing/harness';
import { startFakePsp, type FakePsp } from '../../testing/fake-psp';
import { spawnRouteWorker, startPixRouteService, type PixRouteService } from '../../testing/api-pix';
import { expectLedgerConsistent } from '../../testing/ledger';
import { until } from '../../testing/until';
import { pixBody, type Transaction } from '../../testing/payments';


describe.skipIf(!POSTGRES)('a worker killed inside the PSP call, on postgres', () => {
  let fake: FakePsp;
  let svc: PixRouteService;
  beforeAll(async () => {
    fake = await startFakePsp({ allowHttpWebhook: true });
    svc = await startPixRouteService(requirePostgres(), [{ id: 'pix-main', fake }], { JOB_LEASE_SECONDS: '2' });
    await svc.drain();
  });
  afterAll(async () => {
    await svc?.close();
    await fake?.close();
  });

  it('leaves one payable charge at the PSP, paid and approved once', async () => {
    // The PSP creates the charge and never answers: the worker holding the job is as good as dead.
    fake.hang({ method: 'PUT', pathPrefix: '/cob', times: 1 });
    const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody({ amount: 6100 }) });
    const t = (await created.json()) as Transaction;
    const child = spawnRouteWorker(svc);
    await until('the worker to send the charge to the PSP', () => fake.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/cob/')), 90_000, 50);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    const [first] = fake.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/cob/'));
    const firstTxid = first!.path.split('/').pop()!;
    expect(fake.cob(firstTxid)?.status).toBe('ATIVA');

    // Another worker (the test's) takes the job over once the dead one's lease has run out, and issues it.
    await new Promise((r) => setTimeout(r, 2500));
    await svc.issued(t.id, 90_000);
    const txids = (await svc.db.query<{ txid: string }>(`SELECT txid FROM api_pix_charges WHERE transaction_id = $1`, [t.id])).rows.map((r) => r.txid);
    // The job taken over asked again under the same key: the same txid, so the PSP holds one charge for it.
    expect(txids).toEqual([firstTxid]);
    expect(fake.requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/cob/')).map((r) => r.path)).toEqual([`/cob/${firstTxid}`, `/cob/${firstTxid}`]);
    const payable = txids.filter((x) => fake.cob(x)?.status === 'ATIVA');
    // One charge the payer can pay: the one the transaction shows.
    expect(payable).toHaveLength(1);
    const shown = (await (await svc.call(`/v1/transactions/${t.id}`)).json()) as Transaction;
    expect(['pending', 'awaiting']).toContain(shown.status);
    expect(shown.payment.pixQrCodeEmv).toBe(fake.cob(payable[0]!)!.pixCopiaECola);
    // Any other txid the charge had at the PSP was removed before a payer could pay it twice.
    for (const other of txids.filter((x) => x !== payable[0])) expect(['REMOVIDA_PELO_USUARIO_RECEBEDOR', undefined]).toContain(fake.cob(other)?.status);

    await fake.pay(payable[0]!);
    await svc.drain();
    const paid = (await (await svc.call(`/v1/transactions/${t.id}`)).json()) as Transaction;
    expect(paid.status).toBe('approved');
    await expectLedgerConsistent(svc.db);
  }, 180_000);
});
