/**
 * The fake PSP's memory — cobs, Pix received with their devoluções, webhooks — and how each is shown as the API Pix's
 * JSON (CobGerada/CobCompleta, Pix, Devolucao). No HTTP here: the route modules and index.ts read and change it.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { buildDynamicBrCode, crc16 } from '../../payments/sandbox/brcode';

export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
export type DevolucaoStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
export type Json = Record<string, unknown>;

export interface Devedor {
  cpf?: string;
  cnpj?: string;
  nome: string;
}

/** What the receiver asked for: what a PUT replaces and a PATCH merges into. Amounts normalised ("0010.50" → "10.50"). */
export interface CobContent {
  expiracao: number;
  devedor?: Devedor;
  original: string;
  modalidadeAlteracao: number;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: Array<{ nome: string; valor: string }>;
}

export interface Cob {
  txid: string;
  criacao: string;
  revisao: number;
  status: CobStatus;
  content: CobContent;
  loc: { id: number; location: string; criacao: string };
  pixCopiaECola: string;
  /** endToEndIds of the Pix that paid it. */
  pix: string[];
  /** CobGerada as it stood at each revision, index = revisao (GET /cob/{txid}?revisao=n). */
  revisions: Json[];
}

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: DevolucaoStatus;
  motivo?: string;
}

export interface PixRecord {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave: string;
  horario: string;
  devolucoes: Devolucao[];
  /** The payer's CPF: the Pix schema does not show it, GET /pix filters by it. */
  payerCpf: string;
}

export interface Webhook {
  webhookUrl: string;
  chave: string;
  criacao: string;
}

/** Default lifetime of a cob: CobExpiracao's `default: "86400"`. */
export const DEFAULT_EXPIRACAO = 86_400;
/** The merchant the BR Code names (fields 59/60). */
const RECEIVER_NAME = 'FAKE PSP RECEBEDOR';
const RECEIVER_CITY = 'SAO PAULO';
/** A made-up CNPJ of the receiver, for WebhookCompleto's required `cnpj`. */
export const RECEIVER_CNPJ = '12345678000195';
// ISPBs of made-up participants: the payer's PSP (which mints the E2E id) and the receiver's (which mints rtrIds).
const PAYER_ISPB = '99999901';
const RECEIVER_ISPB = '99999902';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function toCents(money: string): number {
  const [units = '0', fraction = '0'] = money.split('.');
  return Number(units) * 100 + Number(fraction);
}

export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function alnum(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

/** yyyyMMddHHmm in UTC, as the Manual's E2E and return ids carry it. */
function minuteStamp(at: Date): string {
  return at.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** 'E' + ISPB (8) + yyyyMMddHHmm + 11 alphanumerics: 32 characters, the standard's EndToEndId. */
export function newEndToEndId(at = new Date()): string {
  return `E${PAYER_ISPB}${minuteStamp(at)}${alnum(11)}`;
}

/** 'D' + ISPB + yyyyMMddHHmm + 11 alphanumerics: the 32-character rtrId of a devolução (pacs.004). */
export function newRtrId(at = new Date()): string {
  return `D${RECEIVER_ISPB}${minuteStamp(at)}${alnum(11)}`;
}

/** The cob's dynamic BR Code: field 26 names the location, 62/05 is '***' (the txid lives behind the location). */
function brCode(location: string, content: CobContent): string {
  const cents = toCents(content.original);
  const fields = { location, merchantName: RECEIVER_NAME, merchantCity: RECEIVER_CITY };
  if (cents > 0) return buildDynamicBrCode({ ...fields, amount: cents });
  // original 0.00 with modalidadeAlteracao 1: the payer types the amount, so field 54 is left out. The builder wants an
  // amount; build with one cent, take its field 54 out and sign again.
  const withCent = buildDynamicBrCode({ ...fields, amount: 1 });
  const body = withCent.slice(0, -4).replace('54040.01', '');
  return body + crc16(body);
}

/** The in-memory PSP. `host` (127.0.0.1:port) is set once the server listens; locations are built on it. */
export class PspState {
  readonly cobs = new Map<string, Cob>();
  /** Every Pix received, in order of receipt. */
  readonly pix = new Map<string, PixRecord>();
  readonly webhooks = new Map<string, Webhook>();
  host = '127.0.0.1';
  private nextLocId = 1 + randomInt(10_000);

  constructor(readonly pixKey: string) {}

  /** Creates cob `txid` at revision 0. */
  createCob(txid: string, content: CobContent): Cob {
    const criacao = new Date().toISOString();
    // Without a scheme, as the standard's examples ("pix.example.com/qr/v2/…") and BR Code field 25 have it.
    const location = `${this.host}/qr/v2/${randomBytes(16).toString('hex')}`;
    const cob: Cob = {
      txid,
      criacao,
      revisao: 0,
      status: 'ATIVA',
      content,
      loc: { id: this.nextLocId++, location, criacao },
      pixCopiaECola: brCode(location, content),
      pix: [],
      revisions: [],
    };
    this.cobs.set(txid, cob);
    cob.revisions.push(this.cobGerada(cob));
    return cob;
  }

  /** Replaces what `cob` says (PUT or PATCH that changed something): revisao + 1, a new BR Code. */
  revise(cob: Cob, content: CobContent, status: CobStatus = cob.status): void {
    cob.content = content;
    cob.status = status;
    cob.revisao += 1;
    cob.pixCopiaECola = brCode(cob.loc.location, content);
    cob.revisions.push(this.cobGerada(cob));
  }

  /** CobGerada: what PUT and PATCH answer. */
  cobGerada(cob: Cob): Json {
    const c = cob.content;
    const view: Json = {
      calendario: { criacao: cob.criacao, expiracao: c.expiracao },
      txid: cob.txid,
      revisao: cob.revisao,
      // PayloadLocation's required fields, plus `txid`, which CobGerada's `loc` lists as required.
      loc: { id: cob.loc.id, txid: cob.txid, location: cob.loc.location, tipoCob: 'cob', criacao: cob.loc.criacao },
      location: cob.loc.location,
      status: cob.status,
    };
    if (c.devedor) view.devedor = { ...c.devedor };
    view.valor = { original: c.original, modalidadeAlteracao: c.modalidadeAlteracao };
    view.chave = c.chave;
    if (c.solicitacaoPagador !== undefined) view.solicitacaoPagador = c.solicitacaoPagador;
    if (c.infoAdicionais) view.infoAdicionais = c.infoAdicionais.map((i) => ({ ...i }));
    view.pixCopiaECola = cob.pixCopiaECola;
    return view;
  }

  /** CobCompleta: CobGerada plus the Pix that paid it, once paid (GET /cob/{txid}). */
  cobCompleta(cob: Cob): Json {
    const view = this.cobGerada(cob);
    if (cob.pix.length > 0) view.pix = cob.pix.map((e2e) => this.pixView(this.pix.get(e2e)!));
    return view;
  }

  /** A Pix received, with its devoluções when it has any. */
  pixView(p: PixRecord): Json {
    const view: Json = { endToEndId: p.endToEndId };
    if (p.txid !== undefined) view.txid = p.txid;
    view.valor = p.valor;
    view.componentesValor = { original: { valor: p.valor } };
    view.chave = p.chave;
    view.horario = p.horario;
    if (p.devolucoes.length > 0) view.devolucoes = p.devolucoes.map((d) => devolucaoView(d));
    return view;
  }

  /** Records a Pix received now, for `txid` (or none), of `cents`. */
  receivePix(txid: string | undefined, cents: number, chave: string): PixRecord {
    const now = new Date();
    const record: PixRecord = {
      endToEndId: newEndToEndId(now),
      valor: fromCents(cents),
      chave,
      horario: now.toISOString(),
      devolucoes: [],
      payerCpf: '12345678909',
    };
    if (txid !== undefined) record.txid = txid;
    this.pix.set(record.endToEndId, record);
    return record;
  }
}

export function devolucaoView(d: Devolucao): Json {
  const view: Json = { id: d.id, rtrId: d.rtrId, valor: d.valor };
  if (d.natureza !== undefined) view.natureza = d.natureza;
  if (d.descricao !== undefined) view.descricao = d.descricao;
  view.horario = { ...d.horario };
  view.status = d.status;
  if (d.motivo !== undefined) view.motivo = d.motivo;
  return view;
}

/** The cents of a Pix not yet refunded or being refunded (NAO_REALIZADO ones give their amount back). */
export function refundableCents(p: PixRecord): number {
  const taken = p.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((sum, d) => sum + toCents(d.valor), 0);
  return toCents(p.valor) - taken;
}
