/**
 * The fake PSP's Pix received and refunds against the API Pix standard (GET /pix and its window, filters and pages;
 * devoluções and their settlement called back), and the faults a test injects (fail, hang).
 */
import { describe, expect, it } from 'vitest';
import type { FakePsp } from './index';
import { responseErrors } from './response-schemas';
import { call, cobBody, expectProblem, newTxid, propriedades, startHooks, token, withFake } from './test-support';

async function paidCob(psp: FakePsp, t: string, original = '123.45'): Promise<string> {
  const txid = newTxid();
  const created = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp, { valor: { original } }) });
  expect(created.status).toBe(201);
  return (await psp.pay(txid)).pix.endToEndId as string;
}

const window = (from: number, to: number) =>
  `inicio=${encodeURIComponent(new Date(from).toISOString())}&fim=${encodeURIComponent(new Date(to).toISOString())}`;

describe('GET /pix', () => {
  it('lists the Pix received inside [inicio, fim], by page, filtered by txid', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const before = Date.now() - 1000;
      const first = await paidCob(psp, t);
      const second = await paidCob(psp, t);
      const after = Date.now() + 1000;

      const all = await call(psp, 'GET', `/pix?${window(before, after)}`, { token: t });
      expect(all.status).toBe(200);
      expect(responseErrors('PixConsultados', all.json)).toEqual([]);
      expect(all.json.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([first, second]);
      expect(all.json.parametros.paginacao).toEqual({ paginaAtual: 0, itensPorPagina: 100, quantidadeDePaginas: 1, quantidadeTotalDeItens: 2 });

      const past = await call(psp, 'GET', `/pix?${window(before - 60_000, before)}`, { token: t });
      expect(past.json.pix).toEqual([]);
      expect(past.json.parametros.paginacao).toMatchObject({ quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 });

      const page = await call(psp, 'GET', `/pix?${window(before, after)}&paginacao.paginaAtual=1&paginacao.itensPorPagina=1`, { token: t });
      expect(page.json.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([second]);
      expect(page.json.parametros.paginacao).toEqual({ paginaAtual: 1, itensPorPagina: 1, quantidadeDePaginas: 2, quantidadeTotalDeItens: 2 });

      const txid = psp.received()[0]!.txid as string;
      const byTxid = await call(psp, 'GET', `/pix?${window(before, after)}&txid=${txid}`, { token: t });
      expect(byTxid.json.pix.map((p: { txid: string }) => p.txid)).toEqual([txid]);
      expect(byTxid.json.parametros.txid).toBe(txid);

      const one = await call(psp, 'GET', `/pix/${first}`, { token: t });
      expect(responseErrors('Pix', one.json)).toEqual([]);
      expect(one.json.endToEndId).toBe(first);
      expectProblem(await call(psp, 'GET', `/pix/E${'0'.repeat(31)}`, { token: t }), 404, 'PixNaoEncontrado');
      expectProblem(await call(psp, 'GET', '/pix/too-short', { token: t }), 400, 'RequisicaoInvalida');
    });
  });

  it('answers 400 PixConsultaInvalida without fim, with fim before inicio, with cpf and cnpj, or a page size of 0', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const now = Date.now();
      const cases: Array<[string, string]> = [
        [`/pix?inicio=${encodeURIComponent(new Date(now).toISOString())}`, 'fim'],
        [`/pix?${window(now, now - 1000)}`, 'fim'],
        [`/pix?${window(now, now + 1000)}&cpf=12345678909&cnpj=12345678000195`, 'cnpj'],
        [`/pix?${window(now, now + 1000)}&paginacao.itensPorPagina=0`, 'paginacao.itensPorPagina'],
        ['/pix?inicio=yesterday&fim=2020-01-01T00:00:00Z', 'inicio'],
      ];
      for (const [path, propriedade] of cases) {
        const answer = await call(psp, 'GET', path, { token: t });
        expectProblem(answer, 400, 'PixConsultaInvalida');
        expect(propriedades(answer)).toEqual([propriedade]);
        expect(psp.requests.at(-1)?.violations).toHaveLength(1);
      }
    });
  });
});

describe('devoluções (/pix/{e2eid}/devolucao/{id})', () => {
  it('refunds up to what is left of the Pix, refuses a reused id, and calls back when a refund settles', async () => {
    const hooks = await startHooks();
    try {
      await withFake({ allowHttpWebhook: true }, async (psp) => {
        const t = await token(psp);
        await call(psp, 'PUT', `/webhook/${psp.pixKey}`, { token: t, body: { webhookUrl: hooks.url } });
        const e2e = await paidCob(psp, t);
        const base = `/pix/${e2e}/devolucao`;

        const d1 = await call(psp, 'PUT', `${base}/D1`, { token: t, body: { valor: '100.00', descricao: 'Troca' } });
        expect(d1.status).toBe(201);
        expect(responseErrors('Devolucao', d1.json)).toEqual([]);
        expect(d1.json).toMatchObject({ id: 'D1', valor: '100.00', descricao: 'Troca', status: 'EM_PROCESSAMENTO' });
        expect(d1.json.rtrId).toMatch(/^D\d{8}\d{12}[A-Za-z0-9]{11}$/);

        const reused = await call(psp, 'PUT', `${base}/D1`, { token: t, body: { valor: '100.00', descricao: 'Troca' } });
        expectProblem(reused, 400, 'PixDevolucaoInvalida');
        expect(propriedades(reused)).toEqual(['id']);
        const over = await call(psp, 'PUT', `${base}/D2`, { token: t, body: { valor: '23.46' } });
        expectProblem(over, 400, 'PixDevolucaoInvalida');
        expect(propriedades(over)).toEqual(['devolucao.valor']);
        expect((await call(psp, 'PUT', `${base}/D2`, { token: t, body: { valor: '23.45' } })).status).toBe(201);

        const pix = await call(psp, 'GET', `/pix/${e2e}`, { token: t });
        expect(pix.json.devolucoes.map((d: { id: string }) => d.id)).toEqual(['D1', 'D2']);
        expect((await call(psp, 'GET', `${base}/D1`, { token: t })).json).toEqual(d1.json);
        expectProblem(await call(psp, 'GET', `${base}/D9`, { token: t }), 404, 'PixDevolucaoNaoEncontrada');

        const deliveredBefore = hooks.deliveries.length;
        expect((await psp.settleRefund(e2e, 'D2', 'NAO_REALIZADO')).callbackStatuses).toEqual([200]);
        const called = JSON.parse(hooks.deliveries.at(-1)!.body);
        expect(hooks.deliveries).toHaveLength(deliveredBefore + 1);
        expect(called.pix[0].endToEndId).toBe(e2e);
        expect(called.pix[0].devolucoes[1]).toMatchObject({ id: 'D2', status: 'NAO_REALIZADO', motivo: expect.any(String) });
        // A refund not carried out gives its amount back.
        expect((await call(psp, 'PUT', `${base}/D3`, { token: t, body: { valor: '23.45' } })).status).toBe(201);

        await psp.settleRefund(e2e, 'D1', 'DEVOLVIDO', { callback: 'lost' });
        expect(hooks.deliveries).toHaveLength(deliveredBefore + 1);
        const settled = await call(psp, 'GET', `${base}/D1`, { token: t });
        expect(settled.json.status).toBe('DEVOLVIDO');
        expect(Date.parse(settled.json.horario.liquidacao)).not.toBeNaN();
        await expect(psp.settleRefund(e2e, 'D1', 'NAO_REALIZADO')).rejects.toThrow(/DEVOLVIDO/);

        const now = Date.now();
        const withRefunds = await call(psp, 'GET', `/pix?${window(now - 60_000, now + 1000)}&devolucaoPresente=true`, { token: t });
        expect(withRefunds.json.pix.map((p: { endToEndId: string }) => p.endToEndId)).toEqual([e2e]);
      });
    } finally {
      await hooks.close();
    }
  });

  it('answers 400 PixDevolucaoInvalida for a bad id, a zero or malformed valor, and 404 for an unknown Pix', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const e2e = await paidCob(psp, t);
      const cases: Array<[string, unknown, string]> = [
        [`/pix/${e2e}/devolucao/bad-id`, { valor: '1.00' }, 'id'],
        [`/pix/${e2e}/devolucao/Z1`, { valor: '0.00' }, 'devolucao.valor'],
        [`/pix/${e2e}/devolucao/Z2`, { valor: 1 }, 'devolucao.valor'],
        [`/pix/${e2e}/devolucao/Z3`, { valor: '1.00', natureza: 'MED_FRAUDE' }, 'devolucao.natureza'],
      ];
      for (const [path, body, propriedade] of cases) {
        const answer = await call(psp, 'PUT', path, { token: t, body });
        expectProblem(answer, 400, 'PixDevolucaoInvalida');
        expect(propriedades(answer)).toEqual([propriedade]);
      }
      const unknown = await call(psp, 'PUT', `/pix/E${'1'.repeat(31)}/devolucao/X1`, { token: t, body: { valor: '1.00' } });
      expectProblem(unknown, 404, 'NaoEncontrado');
      expect(psp.received()[0]!.devolucoes).toBeUndefined();
    });
  });
});

describe('faults', () => {
  it('fail answers the status with its problem, without effect, for the matching requests only', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const txid = newTxid();
      psp.fail({ status: 503, method: 'PUT', pathPrefix: '/cob' });
      expect((await call(psp, 'GET', `/cob/${txid}`, { token: t })).status).toBe(404);
      expectProblem(await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) }), 503, 'ServicoIndisponivel');
      expect(psp.cob(txid)).toBeUndefined();
      expect((await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) })).status).toBe(201);

      psp.fail({ status: 500, times: 2 });
      expectProblem(await call(psp, 'GET', `/cob/${txid}`, { token: t }), 500, 'ErroInternoDoServidor');
      expectProblem(await call(psp, 'GET', `/cob/${txid}`, { token: t }), 500, 'ErroInternoDoServidor');
      expect((await call(psp, 'GET', `/cob/${txid}`, { token: t })).status).toBe(200);

      psp.fail({ status: 504, pathPrefix: '/oauth' });
      expectProblem(await call(psp, 'POST', psp.oauthUrl, { raw: 'grant_type=client_credentials' }), 504, 'IndisponibilidadePorTempoEsgotado');
      expect(psp.tokensIssued).toBe(1);

      psp.fail({ status: 429 });
      const limited = await call(psp, 'GET', `/cob/${txid}`, { token: t });
      expect([limited.status, limited.headers['retry-after'], limited.json.type]).toEqual([429, '1', 'about:blank']);
      // Failed requests are recorded too, with their violations.
      expect(psp.requests.filter((r) => r.path === `/cob/${txid}`)).toHaveLength(7);
    });
  });

  it('hang holds the answer for ms, or until close, while the request takes effect', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      psp.hang({ ms: 400, pathPrefix: '/cob' });
      const started = Date.now();
      const slow = await call(psp, 'GET', `/cob/${newTxid()}`, { token: t });
      expect(slow.status).toBe(404);
      expect(Date.now() - started).toBeGreaterThanOrEqual(380);

      const txid = newTxid();
      psp.hang({ method: 'PUT' });
      await expect(call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp), timeoutMs: 300 })).rejects.toThrow(/timed out/);
      // The charge exists though the client never heard; its retry (same body) is answered 201 with revisao 0.
      expect(psp.cob(txid)).toMatchObject({ status: 'ATIVA', revisao: 0 });
      const retry = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      expect([retry.status, retry.json.revisao]).toEqual([201, 0]);

      psp.hang({});
      const pending = call(psp, 'GET', `/cob/${txid}`, { token: t });
      await new Promise((r) => setTimeout(r, 100));
      const closing = psp.close();
      await expect(pending).rejects.toThrow();
      await closing;
    });
  });
});
