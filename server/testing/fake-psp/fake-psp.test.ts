/**
 * The fake PSP against the API Pix standard, over plain node:https: mutual TLS, the OAuth token flow, charges
 * (create, read, revise, PUT again), schema violations as problems, and payments called back to a webhook.
 * Pix queries, refunds and faults are in fake-psp-pix.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseBrCode, brCodeError } from '../../payments/sandbox/brcode';
import { testPki, untrustedIdentity } from './certs';
import { startFakePsp } from './index';
import { responseErrors } from './response-schemas';
import { call, cobBody, expectProblem, newTxid, propriedades, startHooks, token, tokenRequest, withFake } from './test-support';

describe('mutual TLS', () => {
  it('refuses a connection without a client certificate or with one its CA did not sign, and serves one with', async () => {
    await withFake({}, async (psp) => {
      await expect(call(psp, 'GET', '/pix', { identity: null })).rejects.toThrow();
      await expect(call(psp, 'GET', '/pix', { identity: await untrustedIdentity() })).rejects.toThrow();
      expect(psp.requests).toHaveLength(0);
      const answer = await call(psp, 'GET', '/pix');
      expect(answer.status).toBe(401);
      // The server certificate names localhost as well as 127.0.0.1.
      expect((await call(psp, 'GET', '/pix', { host: 'localhost' })).status).toBe(401);
      expect(psp.requests).toHaveLength(2);
    });
  });

  it('generates the certificates once per process', async () => {
    const [a, b] = await Promise.all([startFakePsp(), startFakePsp()]);
    try {
      expect(a.ca).toBe(b.ca);
      expect(a.clientCert).toBe((await testPki()).clientCert);
      expect(a.baseUrl).not.toBe(b.baseUrl);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('OAuth2 client credentials', () => {
  it('issues a bearer token for the right credentials and refuses the wrong ones with invalid_client', async () => {
    await withFake({ tokenTtlSeconds: 120 }, async (psp) => {
      const wrong = await tokenRequest(psp, 'grant_type=client_credentials', 'not-the-secret');
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ error: 'invalid_client' });
      expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
      expect(psp.tokensIssued).toBe(0);
      const right = await tokenRequest(psp);
      expect(right.status).toBe(200);
      expect(right.headers['cache-control']).toBe('no-store');
      expect(right.json).toMatchObject({ token_type: 'Bearer', expires_in: 120 });
      expect(right.json.access_token).toMatch(/^\S{20,}$/);
      expect(right.json.scope.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'pix.read', 'webhook.write']));
      expect(psp.tokensIssued).toBe(1);
      expect(psp.requests.map((r) => [r.path, r.authorized])).toEqual([['/oauth/token', false], ['/oauth/token', true]]);
    });
  });

  it("answers RFC 6749's errors for a bad grant, a body that is not a form and an unknown scope", async () => {
    await withFake({}, async (psp) => {
      expect((await tokenRequest(psp, 'grant_type=password')).json.error).toBe('unsupported_grant_type');
      expect((await tokenRequest(psp, 'grant_type=client_credentials&scope=cob.write%20nope')).json.error).toBe('invalid_scope');
      const json = await call(psp, 'POST', psp.oauthUrl, {
        body: { grant_type: 'client_credentials' },
        headers: { authorization: `Basic ${Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString('base64')}` },
      });
      expect([json.status, json.json.error]).toEqual([400, 'invalid_request']);
      expect(psp.tokensIssued).toBe(0);
    });
  });

  it('answers 401 without a token, with an expired one and after expireTokens, and 403 AcessoNegado without the scope', async () => {
    await withFake({ tokenTtlSeconds: 1 }, async (psp) => {
      const none = await call(psp, 'GET', `/cob/${newTxid()}`);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="fake-psp"');
      const readOnly = await token(psp, 'cob.read');
      expect((await call(psp, 'GET', `/cob/${newTxid()}`, { token: readOnly })).status).toBe(404);
      const put = await call(psp, 'PUT', `/cob/${newTxid()}`, { token: readOnly, body: cobBody(psp) });
      expectProblem(put, 403, 'AcessoNegado');
      expect(put.headers['www-authenticate']).toContain('error="insufficient_scope"');
      await new Promise((r) => setTimeout(r, 1100));
      const expired = await call(psp, 'GET', `/cob/${newTxid()}`, { token: readOnly });
      expect(expired.status).toBe(401);
      expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
    });
    await withFake({}, async (psp) => {
      const t = await token(psp);
      expect((await call(psp, 'GET', '/webhook/' + psp.pixKey, { token: t })).status).toBe(404);
      psp.expireTokens();
      expect((await call(psp, 'GET', '/webhook/' + psp.pixKey, { token: t })).status).toBe(401);
      expect(psp.requests.at(-1)?.authorized).toBe(false);
      expect((await call(psp, 'GET', '/webhook/' + psp.pixKey, { token: await token(psp) })).status).toBe(404);
    });
  });
});

describe('immediate charges (/cob/{txid})', () => {
  it('creates a charge with a real dynamic BR Code, reads it, removes it and refuses to change it after', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const txid = newTxid();
      const created = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      expect(created.status).toBe(201);
      expect(responseErrors('CobGerada', created.json)).toEqual([]);
      expect(created.json).toMatchObject({ txid, revisao: 0, status: 'ATIVA', valor: { original: '123.45', modalidadeAlteracao: 0 } });
      expect(created.json.loc.location).toBe(created.json.location);
      const code = created.json.pixCopiaECola as string;
      expect(brCodeError(code)).toBeNull();
      const fields = parseBrCode(code);
      expect(fields['26']).toMatchObject({ '00': 'br.gov.bcb.pix', '25': created.json.location });
      expect([fields['53'], fields['54'], fields['58']]).toEqual(['986', '123.45', 'BR']);
      expect(fields['62']).toEqual({ '05': '***' });
      expect(psp.requests.at(-1)?.violations).toEqual([]);

      const read = await call(psp, 'GET', `/cob/${txid}`, { token: t });
      expect(read.status).toBe(200);
      expect(responseErrors('CobCompleta', read.json)).toEqual([]);
      expect(read.json).toEqual(created.json);

      const removed = await call(psp, 'PATCH', `/cob/${txid}`, { token: t, body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' } });
      expect(removed.status).toBe(200);
      expect(removed.json).toMatchObject({ revisao: 1, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      const change = await call(psp, 'PATCH', `/cob/${txid}`, { token: t, body: { valor: { original: '1.00' } } });
      expectProblem(change, 400, 'CobOperacaoInvalida');
      expect((await call(psp, 'GET', `/cob/${txid}?revisao=0`, { token: t })).json.status).toBe('ATIVA');
      expectProblem(await call(psp, 'GET', `/cob/${txid}?revisao=7`, { token: t }), 400, 'CobConsultaInvalida');
      expectProblem(await call(psp, 'GET', `/cob/${newTxid()}`, { token: t }), 404, 'CobNaoEncontrado');
      expectProblem(await call(psp, 'PATCH', `/cob/${newTxid()}`, { token: t, body: {} }), 404, 'CobNaoEncontrado');
    });
  });

  it('revises an ATIVA charge by PATCH (revisao + 1) and refuses removal mixed with other changes', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const txid = newTxid();
      await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      const revised = await call(psp, 'PATCH', `/cob/${txid}`, { token: t, body: { valor: { original: '99.90' } } });
      expect(revised.json).toMatchObject({ revisao: 1, valor: { original: '99.90' }, devedor: { cpf: '12345678909' } });
      expect(parseBrCode(revised.json.pixCopiaECola)['54']).toBe('99.90');
      const mixed = await call(psp, 'PATCH', `/cob/${txid}`, {
        token: t,
        body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', solicitacaoPagador: 'outra' },
      });
      expectProblem(mixed, 400, 'CobOperacaoInvalida');
      expect(psp.cob(txid)).toMatchObject({ revisao: 1, status: 'ATIVA' });
    });
  });

  it('answers a PUT of an existing txid as the standard says: the same body is safe, a change revises an ATIVA charge only', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const txid = newTxid();
      const first = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      const again = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      expect(again.status).toBe(201);
      expect(again.json).toEqual(first.json);
      const changed = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp, { valor: { original: '10.00' } }) });
      expect([changed.status, changed.json.revisao, changed.json.valor.original]).toEqual([201, 1, '10.00']);
      await psp.pay(txid, { callback: 'lost' });
      const retry = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp, { valor: { original: '10.00' } }) });
      expect([retry.status, retry.json.status, retry.json.revisao]).toEqual([201, 'CONCLUIDA', 1]);
      const late = await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
      expectProblem(late, 400, 'CobOperacaoInvalida');
      expect(propriedades(late)).toEqual(['cob.status']);
    });
  });

  it('answers 400 CobOperacaoInvalida with violacoes for a bad txid, valor, devedor, chave or expiracao, and records them', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      const bad = await call(psp, 'PUT', '/cob/short-txid', { token: t, body: cobBody(psp, { valor: { original: '12.5' } }) });
      expectProblem(bad, 400, 'CobOperacaoInvalida');
      expect(propriedades(bad).sort()).toEqual(['cob.valor.original', 'txid']);
      expect(psp.requests.at(-1)?.violations).toHaveLength(2);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ devedor: { cpf: '12345678909', cnpj: '12345678000195', nome: 'Both' } }, 'cob.devedor'],
        [{ devedor: { cpf: '1234', nome: 'Short' } }, 'cob.devedor'],
        [{ valor: { original: '0.00' } }, 'cob.valor.original'],
        [{ valor: { original: '12345678901.00' } }, 'cob.valor.original'],
        [{ chave: 'someone-else@example.com' }, 'cob.chave'],
        [{ calendario: { expiracao: 0 } }, 'cob.calendario.expiracao'],
        [{ calendario: undefined }, 'cob.calendario'],
        [{ solicitacaoPagador: 'x'.repeat(141) }, 'cob.solicitacaoPagador'],
      ];
      for (const [over, propriedade] of cases) {
        const answer = await call(psp, 'PUT', `/cob/${newTxid()}`, { token: t, body: cobBody(psp, over) });
        expectProblem(answer, 400, 'CobOperacaoInvalida');
        expect(propriedades(answer)).toEqual([propriedade]);
      }
      // Zero is allowed when the payer may change the amount (modalidadeAlteracao 1): the BR Code then has no field 54.
      const open = await call(psp, 'PUT', `/cob/${newTxid()}`, {
        token: t,
        body: cobBody(psp, { valor: { original: '0.00', modalidadeAlteracao: 1 } }),
      });
      expect(open.status).toBe(201);
      expect(brCodeError(open.json.pixCopiaECola)).toBeNull();
      expect(parseBrCode(open.json.pixCopiaECola)['54']).toBeUndefined();
      const notJson = await call(psp, 'PUT', `/cob/${newTxid()}`, { token: t, raw: '{', headers: { 'content-type': 'application/json' } });
      expectProblem(notJson, 400, 'RequisicaoInvalida');
      expect(psp.cob('short-txid')).toBeUndefined();
    });
  });

  it('answers AcessoNegado for features of the standard it does not offer, NaoEncontrado elsewhere, 405 for a wrong method', async () => {
    await withFake({}, async (psp) => {
      const t = await token(psp);
      expectProblem(await call(psp, 'GET', `/cobv/${newTxid()}`, { token: t }), 403, 'AcessoNegado');
      expectProblem(await call(psp, 'PUT', `/cob/${newTxid()}`, { token: t, body: cobBody(psp, { valor: { original: '0.00', retirada: {} } }) }), 403, 'AcessoNegado');
      expectProblem(await call(psp, 'GET', '/nothing-here', { token: t }), 404, 'NaoEncontrado');
      const wrong = await call(psp, 'DELETE', `/cob/${newTxid()}`, { token: t });
      expect([wrong.status, wrong.headers.allow]).toEqual([405, 'PUT, PATCH, GET']);
    });
  });
});

describe('webhook and callbacks', () => {
  it('requires an https webhookUrl unless allowHttpWebhook, and only for its own key', async () => {
    const hooks = await startHooks();
    try {
      await withFake({}, async (psp) => {
        const t = await token(psp);
        const http = await call(psp, 'PUT', `/webhook/${psp.pixKey}`, { token: t, body: { webhookUrl: hooks.url } });
        expectProblem(http, 400, 'WebhookOperacaoInvalida');
        expect(propriedades(http)).toEqual(['webhook.webhookUrl']);
        const foreign = await call(psp, 'PUT', '/webhook/other@example.com', { token: t, body: { webhookUrl: 'https://x.example/h' } });
        expect(propriedades(foreign)).toEqual(['chave']);
        expect(psp.webhook()).toBeUndefined();
      });
      await withFake({ allowHttpWebhook: true }, async (psp) => {
        const t = await token(psp);
        const put = await call(psp, 'PUT', `/webhook/${psp.pixKey}`, { token: t, body: { webhookUrl: hooks.url } });
        expect([put.status, put.text]).toEqual([200, '']);
        const got = await call(psp, 'GET', `/webhook/${psp.pixKey}`, { token: t });
        expect(responseErrors('WebhookCompleto', got.json)).toEqual([]);
        expect(got.json).toMatchObject({ webhookUrl: hooks.url, chave: psp.pixKey });
        expect((await call(psp, 'DELETE', `/webhook/${psp.pixKey}`, { token: t })).status).toBe(204);
        expectProblem(await call(psp, 'GET', `/webhook/${psp.pixKey}`, { token: t }), 404, 'WebhookNaoEncontrado');
      });
    } finally {
      await hooks.close();
    }
  });

  it('pays a charge and calls back {webhookUrl}/pix once, twice or never; a wrong amount; an unknown txid', async () => {
    const hooks = await startHooks();
    try {
      await withFake({ allowHttpWebhook: true }, async (psp) => {
        const t = await token(psp);
        await call(psp, 'PUT', `/webhook/${psp.pixKey}`, { token: t, body: { webhookUrl: hooks.url } });
        const [a, b, c, d] = [newTxid(), newTxid(), newTxid(), newTxid()];
        for (const txid of [a, b, c, d]) await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });

        const once = await psp.pay(a);
        expect(once.callbackStatuses).toEqual([200]);
        expect(responseErrors('Pix', once.pix)).toEqual([]);
        expect(once.pix.endToEndId).toMatch(/^E\d{8}\d{12}[A-Za-z0-9]{11}$/);
        expect(once.pix).toMatchObject({ txid: a, valor: '123.45', chave: psp.pixKey });
        expect(hooks.deliveries).toHaveLength(1);
        expect(hooks.deliveries[0]).toMatchObject({ method: 'POST', url: '/hooks/pix' });
        expect(hooks.deliveries[0]!.headers['content-type']).toBe('application/json');
        expect(JSON.parse(hooks.deliveries[0]!.body)).toEqual({ pix: [once.pix] });
        const paid = await call(psp, 'GET', `/cob/${a}`, { token: t });
        expect(paid.json.status).toBe('CONCLUIDA');
        expect(paid.json.pix).toEqual([once.pix]);
        await expect(psp.pay(a)).rejects.toThrow(/CONCLUIDA/);

        expect((await psp.pay(b, { callback: 'twice' })).callbackStatuses).toEqual([200, 200]);
        expect(hooks.deliveries).toHaveLength(3);
        expect(hooks.deliveries[2]!.body).toBe(hooks.deliveries[1]!.body);

        expect((await psp.pay(c, { callback: 'lost' })).callbackStatuses).toEqual([]);
        expect(hooks.deliveries).toHaveLength(3);
        expect(psp.cob(c)?.status).toBe('CONCLUIDA');

        hooks.status = 500;
        const short = await psp.pay(d, { amount: 5000 });
        expect(short.callbackStatuses).toEqual([500]);
        expect(short.pix.valor).toBe('50.00');
        expect(psp.cob(d)?.valor).toEqual({ original: '123.45', modalidadeAlteracao: 0 });

        hooks.status = 200;
        const stray = await psp.payUnknown('naoexisteessetxid', 777);
        expect(stray.callbackStatuses).toEqual([200]);
        expect(JSON.parse(hooks.deliveries.at(-1)!.body).pix[0]).toMatchObject({ txid: 'naoexisteessetxid', valor: '7.77' });
        expect(psp.cob('naoexisteessetxid')).toBeUndefined();
        expect(psp.received().map((p) => p.txid)).toEqual([a, b, c, d, 'naoexisteessetxid']);
      });
    } finally {
      await hooks.close();
    }
  });

  it('calls an https webhook presenting its own certificate (the callback is mTLS)', async () => {
    const hooks = await startHooks(await testPki());
    try {
      await withFake({}, async (psp) => {
        const t = await token(psp);
        expect((await call(psp, 'PUT', `/webhook/${psp.pixKey}`, { token: t, body: { webhookUrl: hooks.url } })).status).toBe(200);
        const txid = newTxid();
        await call(psp, 'PUT', `/cob/${txid}`, { token: t, body: cobBody(psp) });
        expect((await psp.pay(txid)).callbackStatuses).toEqual([200]);
        expect(hooks.deliveries.map((d) => [d.url, d.peerCn])).toEqual([['/hooks/pix', 'localhost']]);
      });
    } finally {
      await hooks.close();
    }
  });
});
