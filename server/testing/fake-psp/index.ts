/**
 * A fake PSP speaking the Banco Central do Brasil's API Pix v2 (immediate charges, Pix received, devoluções,
 * webhooks) over mutual TLS with OAuth2 client credentials, for tests of a client that talks to a real PSP: it answers
 * what the standard says, records every request with its violations, plays the payer (pay, payUnknown), settles
 * refunds, sends the callbacks, and fails or hangs on demand.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { testPki } from './certs';
import { sendCallback } from './callbacks';
import { TokenStore } from './oauth';
import { PIX_TXID } from './schemas';
import { API_PREFIX, Faults, type RecordedRequest, startServer, TOKEN_PATH } from './server';
import { type PixRecord, PspState, toCents } from './state';

export type { RecordedRequest } from './server';

export interface FakePspOptions {
  clientId?: string;
  clientSecret?: string;
  /** The receiver's DICT key (chave); default a random EVP key. */
  pixKey?: string;
  tokenTtlSeconds?: number;
  /** There is none: the standard authenticates callbacks with mTLS, not a shared secret. */
  callbackSecretHeader?: never;
  /** Accept an http:// webhookUrl (the standard's callback is mTLS, hence https): for a service on plain loopback http. */
  allowHttpWebhook?: boolean;
  /** The port to listen on (127.0.0.1); default a free one. */
  port?: number;
}

type Json = Record<string, unknown>;
type Match = { method?: string; pathPrefix?: string };

export interface FakePsp {
  /** https://127.0.0.1:PORT/api/v2: the API Pix's paths live under it. */
  baseUrl: string;
  oauthUrl: string;
  /** PEM of the fake's test CA: it signed the server and client certificates. */
  ca: string;
  /** The client certificate every request must present (mutual TLS; without it the TLS handshake is refused). */
  clientCert: string;
  clientKey: string;
  clientId: string;
  clientSecret: string;
  pixKey: string;
  /**
   * Every request received, in order. `violations` are the request's own (schema, and rules needing no state such
   * as cpf with cnpj or a zero amount); refusals that depend on state (refund above what is left, a charge no longer
   * ATIVA) are in the answer only. Token requests are recorded with path /oauth/token and `authorized` telling
   * whether the client credentials were right.
   */
  requests: RecordedRequest[];
  readonly tokensIssued: number;
  /**
   * The payer pays charge `txid`: a Pix (endToEndId 'E' + ISPB + yyyyMMddHHmm + 11 alphanumerics) of the charge's
   * amount or `amount` cents, the charge CONCLUIDA with it in `pix`, and the callback to the key's webhook — once,
   * twice with the same body, or lost. Resolves with the Pix and the callback statuses (0: no HTTP answer).
   */
  pay(txid: string, opts?: { amount?: number; callback?: 'send' | 'twice' | 'lost' }): Promise<{ pix: Json; callbackStatuses: number[] }>;
  /** A Pix with a txid no charge of the fake has, delivered by callback all the same. */
  payUnknown(txid: string, amountCents: number): Promise<{ pix: Json; callbackStatuses: number[] }>;
  /** Settles a devolução EM_PROCESSAMENTO and sends the callback (the Pix with its devolucoes) unless lost. */
  settleRefund(
    e2eid: string,
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO',
    opts?: { callback?: 'send' | 'lost'; motivo?: string },
  ): Promise<{ callbackStatuses: number[] }>;
  /** The next `times` (default 1) matching requests are answered `status` with a problem body, without effect. */
  fail(opts: { times?: number; status: 429 | 500 | 503 | 504 } & Match): void;
  /** The next `times` matching requests take effect but are answered only after `ms` (default: never; close drops them). */
  hang(opts: { times?: number; ms?: number } & Match): void;
  /** Every token issued so far is invalid from now (the next API call with one gets 401, as an expired token does). */
  expireTokens(): void;
  /** The Pix the fake holds, in order of receipt (what GET /pix answers). */
  received(): Json[];
  /** The charge as GET /cob/{txid} shows it. */
  cob(txid: string): Json | undefined;
  /** The webhook set for the fake's key. */
  webhook(): { webhookUrl: string; chave: string; criacao: string } | undefined;
  close(): Promise<void>;
}

/** Starts a fake PSP on 127.0.0.1 (its certificates are generated once per process). */
export async function startFakePsp(opts: FakePspOptions = {}): Promise<FakePsp> {
  const pki = await testPki();
  const clientId = opts.clientId ?? 'fake-client';
  const clientSecret = opts.clientSecret ?? randomBytes(18).toString('base64url');
  const pixKey = opts.pixKey ?? randomUUID();
  const tokenTtlSeconds = opts.tokenTtlSeconds ?? 3600;
  if (!(Number.isInteger(tokenTtlSeconds) && tokenTtlSeconds > 0)) throw new Error('tokenTtlSeconds must be a positive integer');
  const state = new PspState(pixKey);
  const tokens = new TokenStore(tokenTtlSeconds);
  const requests: RecordedRequest[] = [];
  const faults = new Faults();
  const running = await startServer(
    {
      pki,
      state,
      tokens,
      client: { id: clientId, secret: clientSecret },
      tokenTtlSeconds,
      settings: { pixKey, allowHttpWebhook: opts.allowHttpWebhook ?? false },
      requests,
      faults,
    },
    opts.port ?? 0,
  );
  state.host = `127.0.0.1:${running.port}`;
  const origin = `https://127.0.0.1:${running.port}`;
  // The PSP's own identity when it calls an https webhook (mTLS): its server certificate, also good for clientAuth.
  const identity = { ca: pki.ca, cert: pki.serverCert, key: pki.serverKey };
  let closing: Promise<void> | undefined;

  /** The callback of Pix `p`: only Pix with a txid, to the webhook of their key ("Somente Pix associados a um txid serão notificados"). */
  async function notify(p: PixRecord, mode: 'send' | 'twice' | 'lost'): Promise<number[]> {
    if (mode === 'lost' || p.txid === undefined) return [];
    const hook = state.webhooks.get(p.chave);
    if (hook === undefined) return [];
    return sendCallback(hook.webhookUrl, [state.pixView(p)], identity, mode === 'twice' ? 2 : 1);
  }

  function checkCents(cents: number): void {
    if (!(Number.isSafeInteger(cents) && cents > 0 && cents <= 999_999_999_999)) {
      throw new Error(`amount must be a positive integer number of cents, got ${cents}`);
    }
  }

  return {
    baseUrl: `${origin}${API_PREFIX}`,
    oauthUrl: `${origin}${TOKEN_PATH}`,
    ca: pki.ca,
    clientCert: pki.clientCert,
    clientKey: pki.clientKey,
    clientId,
    clientSecret,
    pixKey,
    requests,
    get tokensIssued() {
      return tokens.issued;
    },
    async pay(txid, o = {}) {
      const cob = state.cobs.get(txid);
      if (cob === undefined) throw new Error(`the fake has no charge ${txid}`);
      // CONCLUIDA "não pode acolher outro pagamento"; a removed charge cannot be read by the payer's app.
      if (cob.status !== 'ATIVA') throw new Error(`charge ${txid} is ${cob.status}: it cannot be paid`);
      // An expired charge stays ATIVA (its status "não guarda relação com o fato de a cobrança encontrar-se
      // vencida ou expirada"), but no payer's app pays it.
      if (Date.parse(cob.criacao) + cob.content.expiracao * 1000 < Date.now()) throw new Error(`charge ${txid} has expired`);
      const cents = o.amount ?? toCents(cob.content.original);
      checkCents(cents);
      const p = state.receivePix(txid, cents, cob.content.chave);
      cob.pix.push(p.endToEndId);
      cob.status = 'CONCLUIDA';
      const callbackStatuses = await notify(p, o.callback ?? 'send');
      return { pix: state.pixView(p), callbackStatuses };
    },
    async payUnknown(txid, amountCents) {
      if (!new RegExp(PIX_TXID).test(txid)) throw new Error(`txid ${txid} is not 1–35 letters or digits`);
      if (state.cobs.has(txid)) throw new Error(`the fake has a charge ${txid}; use pay()`);
      checkCents(amountCents);
      const p = state.receivePix(txid, amountCents, pixKey);
      return { pix: state.pixView(p), callbackStatuses: await notify(p, 'send') };
    },
    async settleRefund(e2eid, id, status, o = {}) {
      const p = state.pix.get(e2eid);
      const d = p?.devolucoes.find((x) => x.id === id);
      if (p === undefined || d === undefined) throw new Error(`the fake has no refund ${id} of Pix ${e2eid}`);
      if (d.status !== 'EM_PROCESSAMENTO') throw new Error(`refund ${id} is already ${d.status}`);
      d.status = status;
      if (status === 'DEVOLVIDO') d.horario.liquidacao = new Date().toISOString();
      else d.motivo = o.motivo ?? 'Refund not carried out by the payer\'s PSP';
      // "O callback também deve ser acionado sempre que uma devolução ... atinja um status final".
      return { callbackStatuses: await notify(p, o.callback ?? 'send') };
    },
    fail(o) {
      faults.add({ kind: 'fail', status: o.status, times: o.times ?? 1, method: o.method, pathPrefix: o.pathPrefix });
    },
    hang(o) {
      faults.add({ kind: 'hang', ms: o.ms, times: o.times ?? 1, method: o.method, pathPrefix: o.pathPrefix });
    },
    expireTokens() {
      tokens.expireAll();
    },
    received() {
      return [...state.pix.values()].map((p) => state.pixView(p));
    },
    cob(txid) {
      const c = state.cobs.get(txid);
      return c === undefined ? undefined : state.cobCompleta(c);
    },
    webhook() {
      const hook = state.webhooks.get(pixKey);
      return hook === undefined ? undefined : { ...hook };
    },
    close() {
      closing ??= running.close();
      return closing;
    },
  };
}
