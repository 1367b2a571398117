/**
 * An API Pix route: a PIX charge is an immediate charge (`cob`) at the merchant's or operator's PSP, created under a
 * txid of ours (`PUT /cob/{txid}`), so that a retried authorization is the same charge; the payer pays its
 * `pixCopiaECola`; the PSP tells of the Pix received by notification (`POST {webhookUrl}/pix`), and the service asks
 * when none comes (`GET /cob/{txid}`, `GET /pix`). Cancel removes the charge (`PATCH /cob/{txid}`); a refund is a
 * devolução of the Pix received (`PUT /pix/{e2eid}/devolucao/{id}`), followed until it is final.
 *
 * How the PSP's answers read (the engine's outcomes):
 *
 * | PSP answer | outcome |
 * |---|---|
 * | 2xx | done (issued, canceled, refunded or pending) |
 * | 400 problem (`violacoes`) | declined: `processingFailed`, the problem's title and reasons |
 * | 401 twice, 403, no token, no connection, TLS refused | unavailable: nothing reached the API, the next route is tried |
 * | 429, 503 | unavailable: nothing was done |
 * | 500, 504, no answer, broken connection | thrown: uncertain, the PSP may have acted (reconciled by reading) |
 */
import type { Queryable } from '../../db/types';
import type { Mode } from '../../core/tenancy';
import type {
  AuthorizeRequest,
  AuthorizeResult,
  CancelResult,
  CaptureResult,
  PaymentProvider,
  RefundResult,
  RefundStatusResult,
} from '../provider';
import { ApiPixClient, ApiPixNetworkError, ApiPixNotSent, asProblem, describeProblem, problemName, type Answer } from './client';
import { centsOf, devolucaoIdOf, txidOf, valorOf, type ApiPixSecrets, type ApiPixSettings } from './settings';

/** A Pix the PSP says was received, in our terms (integer cents), with what it carried as the PSP sent it. */
export interface PixReceived {
  endToEndId: string;
  txid: string | null;
  amount: number;
  paidAt: string | null;
  /** The devoluções of this Pix the PSP reported, with their status. */
  devolucoes: { id: string; status: string; motivo: string | null }[];
  payload: Record<string, unknown>;
}

/** The receiving side of a route: what the notification endpoint, the sweep and the reconciliation use. */
export interface ReceivingRoute extends PaymentProvider {
  readonly kind: 'api-pix';
  readonly pixKey: string;
  /** The Pix of a notification's body (`{ pix: [...] }`); null when the body is not one. */
  readNotification(body: unknown): PixReceived[] | null;
  /** The charge `txid` at the PSP: its status and the Pix received on it; null when the PSP does not know it. */
  readCharge(txid: string): Promise<{ status: string; amount: number | null; received: PixReceived[] } | null>;
  /** Every Pix received between `from` and `to` (all pages). */
  receivedBetween(from: Date, to: Date): Promise<PixReceived[]>;
  /** The webhook URL registered for the route's PIX key, or null. */
  webhook(): Promise<string | null>;
  registerWebhook(url: string): Promise<void>;
  /** A token is fetched (not the cached one): the credentials and the certificate work. */
  checkCredentials(): Promise<void>;
  close(): void;
}

/** The PSP answered something no outcome reads: treated as no answer (uncertain), its status kept. */
class UnexpectedAnswer extends Error {}

const NAME_MAX = 200;
/** How long a devolução we sent may stay unknown to the PSP before it is taken as never made. */
const UNSEEN_DEVOLUCAO_MS = 3_600_000;

function isUnavailable(a: Answer): boolean {
  return a.status === 429 || a.status === 503 || a.status === 403;
}

function unexpected(what: string, a: Answer): never {
  throw new UnexpectedAnswer(`${what}: the PSP answered ${a.status}${problemName(asProblem(a.body)) ? ` ${problemName(asProblem(a.body))}` : ''}`);
}

function unavailable(a: Answer): { kind: 'unavailable'; reason: string } {
  return { kind: 'unavailable', reason: `the PSP answered ${a.status}: ${describeProblem(a.status, asProblem(a.body))}` };
}

/** The `devedor` of a cob: a CPF or a CNPJ with the name, as the standard asks (both or neither). */
function devedorOf(req: AuthorizeRequest): Record<string, string> | undefined {
  const p = req.payer;
  if (!p?.document || !p.name.trim()) return undefined;
  const digits = p.document.number.replace(/\D/g, '');
  const nome = p.name.trim().slice(0, NAME_MAX);
  return p.document.type === 'cnpj' ? { cnpj: digits, nome } : { cpf: digits, nome };
}

function readPix(raw: unknown): PixReceived | null {
  const p = raw as Record<string, unknown> | null;
  if (!p || typeof p !== 'object' || typeof p.endToEndId !== 'string') return null;
  const amount = centsOf(p.valor);
  if (amount === null) return null;
  const devolucoes = Array.isArray(p.devolucoes)
    ? (p.devolucoes as Record<string, unknown>[]).flatMap((d) =>
        typeof d?.id === 'string' && typeof d.status === 'string' ? [{ id: d.id, status: d.status, motivo: typeof d.motivo === 'string' ? d.motivo : null }] : [],
      )
    : [];
  return {
    endToEndId: p.endToEndId,
    txid: typeof p.txid === 'string' && p.txid !== '' ? p.txid : null,
    amount,
    paidAt: typeof p.horario === 'string' ? p.horario : null,
    devolucoes,
    payload: p,
  };
}

/** The route `id` of `mode`, speaking API Pix to the PSP of `settings`. */
export function apiPixRoute(db: Queryable, id: string, mode: Mode, settings: ApiPixSettings, secrets: ApiPixSecrets): ReceivingRoute & { client: ApiPixClient } {
  const client = new ApiPixClient(settings, secrets);

  /**
   * A call that never reached the PSP's API (no connection, a TLS handshake refused, no token) reads as the route
   * being down: nothing was sent, so the next route may be tried.
   */
  async function call(method: string, path: string, body?: unknown): Promise<Answer | { kind: 'unavailable'; reason: string }> {
    try {
      return await client.call(method, path, body);
    } catch (err) {
      if (err instanceof ApiPixNotSent) return { kind: 'unavailable', reason: `route ${id}: ${err.message}` };
      throw err;
    }
  }

  async function readCharge(txid: string) {
    const a = await client.call('GET', `/cob/${txid}`);
    if (a.status === 404) return null;
    if (a.status !== 200) unexpected(`GET /cob/${txid}`, a);
    const b = a.body as { status?: unknown; valor?: { original?: unknown }; pix?: unknown[]; pixCopiaECola?: unknown; calendario?: { criacao?: unknown; expiracao?: unknown } };
    return {
      status: typeof b.status === 'string' ? b.status : 'DESCONHECIDO',
      amount: centsOf(b.valor?.original),
      received: (b.pix ?? []).flatMap((p) => readPix(p) ?? []),
      emv: typeof b.pixCopiaECola === 'string' ? b.pixCopiaECola : null,
    };
  }

  function issued(req: AuthorizeRequest, txid: string, emv: string, expiresAt: Date): AuthorizeResult {
    return { kind: 'issued', acquirerTransactionNumber: txid, instructions: { kind: 'pix', emv, txid, expiresAt: expiresAt.toISOString() } };
  }

  return {
    id,
    version: 'api-pix-2',
    kind: 'api-pix',
    pixKey: settings.pixKey,
    methods: ['pix'],
    modes: [mode],
    client,

    async authorize(req) {
      if (req.method !== 'pix') throw new Error(`route ${id} serves PIX only, not ${req.method}`);
      const txid = txidOf(req.idempotencyKey);
      const lapse = req.details?.kind === 'pix' ? req.details.expiresAt : new Date(Date.now() + 3_600_000);
      // Written before the call: a notification or a poll that names this txid finds its charge, whatever happens next.
      // The charge's life is fixed here, at the first call: a retry sends the same body, the same charge.
      const saved = await db.query<{ expiracao: number; created_at: Date }>(
        `WITH added AS (
           INSERT INTO api_pix_charges (route_id, txid, transaction_id, idempotency_key, amount, expiracao, created_at, next_poll_at)
           VALUES ($1, $2, $3, $4, $5, $6, now(), now() + interval '30 seconds') ON CONFLICT DO NOTHING RETURNING expiracao, created_at)
         SELECT expiracao, created_at FROM added UNION ALL SELECT expiracao, created_at FROM api_pix_charges WHERE route_id = $1 AND txid = $2 LIMIT 1`,
        [id, txid, req.transactionId, req.idempotencyKey, req.amount, Math.max(1, Math.ceil((lapse.getTime() - Date.now()) / 1000))],
      );
      // Two first calls at once on PostgreSQL: the one that waited inserts nothing and its statement's snapshot
      // predates the other's row, so it reads the row again.
      const row =
        saved.rows[0] ??
        (await db.query<{ expiracao: number; created_at: Date }>(`SELECT expiracao, created_at FROM api_pix_charges WHERE route_id = $1 AND txid = $2`, [id, txid])).rows[0];
      if (!row) throw new Error(`the charge record of txid ${txid} vanished`);
      const expiracao = row.expiracao;
      const expiresAt = new Date(new Date(row.created_at).getTime() + expiracao * 1000);
      const devedor = devedorOf(req);
      const body = {
        calendario: { expiracao },
        ...(devedor ? { devedor } : {}),
        valor: { original: valorOf(req.amount) },
        chave: settings.pixKey,
        solicitacaoPagador: `Pagamento a ${req.merchant.name}`.slice(0, 140),
        infoAdicionais: [{ nome: 'Cobranca', valor: req.transactionId }],
      };
      const a = await call('PUT', `/cob/${txid}`, body);
      if ('kind' in a) return a;
      const b = a.body as { pixCopiaECola?: unknown; status?: unknown } | null;
      if (a.status === 201 || a.status === 200) {
        if (typeof b?.pixCopiaECola !== 'string') unexpected(`PUT /cob/${txid} without pixCopiaECola`, a);
        // The charge as it stands under this txid: one the PSP removed is not payable.
        if (typeof b.status === 'string' && b.status.startsWith('REMOVIDA')) {
          return { kind: 'declined', code: 'processingFailed', message: `The PIX institution holds this charge as ${b.status}.` };
        }
        return issued(req, txid, b.pixCopiaECola, expiresAt);
      }
      if (isUnavailable(a)) return unavailable(a);
      if (a.status === 400 || a.status === 409 || a.status === 422) {
        // A retried call whose first one created the charge finds the txid taken: the charge is the one made then.
        // A read that fails is no answer: the charge may exist (uncertain), so the error goes up.
        const existing = await readCharge(txid);
        if (existing && existing.amount === req.amount && existing.emv && (existing.status === 'ATIVA' || existing.status === 'CONCLUIDA')) {
          return issued(req, txid, existing.emv, expiresAt);
        }
        return { kind: 'declined', code: 'processingFailed', message: `The PIX institution refused the charge: ${describeProblem(a.status, asProblem(a.body))}` };
      }
      if (a.status === 404) return { kind: 'declined', code: 'processingFailed', message: `The PIX institution refused the charge: ${describeProblem(a.status, asProblem(a.body))}` };
      unexpected(`PUT /cob/${txid}`, a);
    },

    async capture(): Promise<CaptureResult> {
      return { kind: 'declined', message: 'A PIX charge is paid by the payer; there is nothing to capture.' };
    },

    async cancel(req): Promise<CancelResult> {
      const txid = txidOf(req.authorizeKey);
      const a = await call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
      if ('kind' in a) return a;
      // Removed now, or never created (canceling nothing is a success).
      if (a.status === 200 || a.status === 404) return { kind: 'canceled' };
      if (isUnavailable(a)) return unavailable(a);
      if (a.status === 400) {
        const now = await readCharge(txid);
        if (!now || now.status.startsWith('REMOVIDA')) return { kind: 'canceled' };
        // Paid before the removal reached the PSP: not canceled; the Pix is applied as received (notification or sweep).
        if (now.status === 'CONCLUIDA') return { kind: 'declined', message: `the payer paid PIX charge ${txid} at the PSP before it could be removed` };
      }
      unexpected(`PATCH /cob/${txid}`, a);
    },

    async refund(req): Promise<RefundResult> {
      const found = await db.query<{ end_to_end_id: string }>(
        `SELECT end_to_end_id FROM pix_received WHERE route_id = $1 AND transaction_id = $2 AND outcome = 'applied' ORDER BY received_at LIMIT 1`,
        [id, req.transactionId],
      );
      const e2eid = found.rows[0]?.end_to_end_id;
      if (!e2eid) return { kind: 'failed', reason: `route ${id} holds no Pix received for ${req.transactionId} to return` };
      const devolucaoId = devolucaoIdOf(req.idempotencyKey);
      const first = await db.query(
        `INSERT INTO api_pix_refunds (idempotency_key, route_id, end_to_end_id, devolucao_id, amount, created_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, now(), now()) ON CONFLICT DO NOTHING RETURNING idempotency_key`,
        [req.idempotencyKey, id, e2eid, devolucaoId, req.amount],
      );
      // Whether this is the devolução's first PUT: a later one may meet it at the PSP under its id.
      const fresh = first.rows.length > 0;
      const a = await call('PUT', `/pix/${e2eid}/devolucao/${devolucaoId}`, { valor: valorOf(req.amount) });
      if ('kind' in a) return a;
      if (a.status === 201 || a.status === 200) {
        await db.query(`UPDATE api_pix_refunds SET sent_at = now() WHERE idempotency_key = $1`, [req.idempotencyKey]);
        return refundOf(a.body);
      }
      if (isUnavailable(a)) return unavailable(a);
      if (a.status === 400 || a.status === 409 || a.status === 422) {
        // The same devolução asked again (a retried job): its state at the PSP is the answer.
        const now = await client.call('GET', `/pix/${e2eid}/devolucao/${devolucaoId}`);
        if (now.status === 200) return refundOf(now.body);
        // No devolução under this id. On the first PUT: the PSP refused this one (more than is left, say). On a
        // later one, an earlier PUT may have made it and the PSP not show it yet: pending, and `refundStatus` decides
        // once its grace is over. Any other answer is none: calling it failed could refund the amount twice.
        if (now.status === 404) {
          return fresh ? { kind: 'failed', reason: `The PIX institution refused the refund: ${describeProblem(a.status, asProblem(a.body))}` } : { kind: 'pending' };
        }
        unexpected(`GET /pix/${e2eid}/devolucao after a refused PUT`, now);
      }
      unexpected(`PUT /pix/${e2eid}/devolucao`, a);
    },

    async refundStatus(req): Promise<RefundStatusResult> {
      const found = await db.query<{ end_to_end_id: string; devolucao_id: string; sent_at: Date }>(
        `SELECT end_to_end_id, devolucao_id, sent_at FROM api_pix_refunds WHERE idempotency_key = $1`,
        [req.idempotencyKey],
      );
      const r = found.rows[0];
      if (!r) return { kind: 'failed', reason: `route ${id} never sent a devolução under this refund` };
      const a = await client.call('GET', `/pix/${r.end_to_end_id}/devolucao/${r.devolucao_id}`);
      if (a.status === 200) {
        const res = refundOf(a.body);
        return res.kind === 'unavailable' ? { kind: 'pending' } : res;
      }
      // Unknown to the PSP: a PSP may not show a devolução at once, so only once it is old is it taken as never made
      // (the PUT was lost): failed, so the amount is given back and the refund can be asked again.
      if (a.status === 404) {
        const young = Date.now() - new Date(r.sent_at).getTime() < UNSEEN_DEVOLUCAO_MS;
        return young ? { kind: 'pending' } : { kind: 'failed', reason: 'The PIX institution has no such devolução.' };
      }
      if (isUnavailable(a)) return { kind: 'pending' };
      unexpected(`GET /pix/${r.end_to_end_id}/devolucao`, a);
    },

    readNotification(body) {
      const list = (body as { pix?: unknown } | null)?.pix;
      if (!Array.isArray(list)) return null;
      const read = list.map(readPix);
      return read.every((p): p is PixReceived => p !== null) ? read : null;
    },

    async readCharge(txid) {
      const c = await readCharge(txid);
      return c ? { status: c.status, amount: c.amount, received: c.received } : null;
    },

    async receivedBetween(from, to) {
      const out: PixReceived[] = [];
      for (let page = 0; page < 1000; page++) {
        const q = new URLSearchParams({
          inicio: from.toISOString(),
          fim: to.toISOString(),
          'paginacao.paginaAtual': String(page),
          'paginacao.itensPorPagina': '100',
        });
        const a = await client.call('GET', `/pix?${q}`);
        if (a.status !== 200) unexpected('GET /pix', a);
        const b = a.body as { pix?: unknown[]; parametros?: { paginacao?: { quantidadeDePaginas?: number } } };
        for (const p of b.pix ?? []) {
          const read = readPix(p);
          if (read) out.push(read);
        }
        if (page + 1 >= (b.parametros?.paginacao?.quantidadeDePaginas ?? 1)) break;
      }
      return out;
    },

    async webhook() {
      const a = await client.call('GET', `/webhook/${encodeURIComponent(settings.pixKey)}`);
      if (a.status === 404) return null;
      if (a.status !== 200) unexpected('GET /webhook', a);
      const url = (a.body as { webhookUrl?: unknown } | null)?.webhookUrl;
      return typeof url === 'string' ? url : null;
    },

    async registerWebhook(url) {
      const a = await client.call('PUT', `/webhook/${encodeURIComponent(settings.pixKey)}`, { webhookUrl: url });
      if (a.status < 200 || a.status > 299) {
        throw new Error(`PUT /webhook: the PSP answered ${a.status}: ${describeProblem(a.status, asProblem(a.body))}`);
      }
    },

    async checkCredentials() {
      await client.bearer(true);
    },

    close() {
      client.close();
    },
  };
}

/** A devolução as the PSP answered it, in the engine's terms. */
function refundOf(body: unknown): RefundResult {
  const d = body as { status?: unknown; motivo?: unknown } | null;
  if (d?.status === 'DEVOLVIDO') return { kind: 'succeeded' };
  if (d?.status === 'NAO_REALIZADO') return { kind: 'failed', reason: `The PIX institution did not return the money${typeof d.motivo === 'string' ? `: ${d.motivo.slice(0, 140)}` : '.'}` };
  if (d?.status === 'EM_PROCESSAMENTO') return { kind: 'pending' };
  throw new UnexpectedAnswer(`a devolução in status ${String(d?.status)}`);
}

export { ApiPixNetworkError };
