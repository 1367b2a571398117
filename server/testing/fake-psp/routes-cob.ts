/**
 * /cob/{txid}: create (PUT), revise (PATCH) and read (GET) an immediate charge, with the errors the standard's
 * "Tag Cob" section names: CobOperacaoInvalida (400), CobNaoEncontrado (404), CobConsultaInvalida (400).
 */
import { json, problem, type Reply, type Violacao } from './problems';
import type { Ctx, Route } from './route';
import { bodyViolations, patternViolation, TXID } from './schemas';
import { type Cob, type CobContent, type Devedor, type PspState, DEFAULT_EXPIRACAO, fromCents, toCents } from './state';

type Body = Record<string, any>;

const COB_INVALID = 'The request that creates or changes an immediate charge breaks the schema or makes no sense.';

/** Rules of the "Violações para os endpoints PUT|PATCH /cob/{txid}" list that need no state (each guards its own types). */
function semanticViolations(body: Body, pixKey: string, creating: boolean): Violacao[] {
  const out: Violacao[] = [];
  const expiracao = body.calendario?.expiracao;
  if (Number.isInteger(expiracao) && expiracao <= 0) {
    out.push({ razao: 'must be greater than zero', propriedade: 'cob.calendario.expiracao', valor: String(expiracao) });
  }
  const original = body.valor?.original;
  // Zero is allowed only when the payer may change the amount (CobValor: "valor.original >= 0.00 && modalidadeAlteração = 1")
  // or for a Pix Saque (`retirada`, refused later as a product not offered). On a PATCH the modality may come from the
  // stored charge, so that case is checked in the handler.
  if (creating && typeof original === 'string' && /^\d+\.\d{2}$/.test(original) && toCents(original) === 0) {
    if (body.valor?.modalidadeAlteracao !== 1 && body.valor?.retirada === undefined) {
      out.push({ razao: 'must not be zero unless modalidadeAlteracao is 1', propriedade: 'cob.valor.original', valor: original });
    }
  }
  if (typeof body.chave === 'string' && body.chave !== pixKey) {
    out.push({ razao: 'the key does not belong to this receiver', propriedade: 'cob.chave', valor: body.chave });
  }
  return out;
}

function bodyOf(ctx: Ctx): Body {
  return ctx.body as Body;
}

function devedorOf(d: Body): Devedor {
  return d.cpf !== undefined ? { cpf: d.cpf, nome: d.nome } : { cnpj: d.cnpj, nome: d.nome };
}

function infoOf(list: Body[]): Array<{ nome: string; valor: string }> {
  return list.map((i) => ({ nome: i.nome, valor: i.valor }));
}

function contentOf(body: Body): CobContent {
  const content: CobContent = {
    expiracao: body.calendario?.expiracao ?? DEFAULT_EXPIRACAO,
    original: fromCents(toCents(body.valor.original)),
    modalidadeAlteracao: body.valor.modalidadeAlteracao ?? 0,
    chave: body.chave,
  };
  if (body.devedor !== undefined) content.devedor = devedorOf(body.devedor);
  if (body.solicitacaoPagador !== undefined) content.solicitacaoPagador = body.solicitacaoPagador;
  if (body.infoAdicionais !== undefined) content.infoAdicionais = infoOf(body.infoAdicionais);
  return content;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sameContent(a: CobContent, b: CobContent): boolean {
  return canonical(a) === canonical(b);
}

/** `loc.id` names a location made by POST /loc, which this fake does not offer: only the cob's own location is known. */
function locProblem(state: PspState, loc: Body | undefined, txid: string): Reply | undefined {
  if (loc === undefined) return undefined;
  const owner = [...state.cobs.values()].find((c) => c.loc.id === loc.id);
  if (owner?.txid === txid) return undefined;
  const razao = owner ? 'the location is already used by another charge' : 'the location does not exist';
  return problem('CobOperacaoInvalida', COB_INVALID, [{ razao, propriedade: 'cob.loc.id', valor: String(loc.id) }]);
}

/** Pix Saque/Troco are products this PSP does not offer: the standard answers an uncontracted feature with AcessoNegado. */
function retiradaProblem(body: Body): Reply | undefined {
  if (body.valor?.retirada === undefined) return undefined;
  return problem('AcessoNegado', 'This receiver has no contract for Pix Saque or Pix Troco (valor.retirada).');
}

function notAtiva(cob: Cob): Reply {
  return problem('CobOperacaoInvalida', COB_INVALID, [
    { razao: 'the charge is not ATIVA and this request would change it', propriedade: 'cob.status', valor: cob.status },
  ]);
}

const put: Route = {
  method: 'PUT',
  path: /^\/cob\/([^/]+)$/,
  scope: 'cob.write',
  invalid: 'CobOperacaoInvalida',
  hasBody: true,
  check: (ctx) => {
    const txid = patternViolation(ctx.params[0]!, TXID, 'txid');
    const schema = bodyViolations('cobSolicitada', ctx.body, 'cob');
    return [...txid, ...schema, ...semanticViolations(bodyOf(ctx) ?? {}, ctx.settings.pixKey, true)];
  },
  handle: (ctx) => {
    const txid = ctx.params[0]!;
    const body = bodyOf(ctx);
    const refused = retiradaProblem(body) ?? locProblem(ctx.state, body.loc, txid);
    if (refused) return refused;
    const content = contentOf(body);
    const existing = ctx.state.cobs.get(txid);
    if (existing === undefined) return json(201, ctx.state.cobGerada(ctx.state.createCob(txid, content)));
    // The standard makes PUT on an existing txid an error only when "A cobrança já existe, não está no status ATIVA, e
    // a presente requisição busca alterá-la" (violations of PUT /cob/{txid}). So a PUT that changes nothing — a retry —
    // answers the charge as it is (201, the only success status PUT lists, revisao unchanged, status whatever it is
    // now, CONCLUIDA included); one that changes an ATIVA charge revises it (revisao + 1, as the Revisao schema says
    // "sempre que um objeto da cobrança em questão for alterado"); one that changes a charge no longer ATIVA is 400.
    if (sameContent(existing.content, content)) return json(201, ctx.state.cobGerada(existing));
    if (existing.status !== 'ATIVA') return notAtiva(existing);
    ctx.state.revise(existing, content);
    return json(201, ctx.state.cobGerada(existing));
  },
};

const patch: Route = {
  method: 'PATCH',
  path: /^\/cob\/([^/]+)$/,
  scope: 'cob.write',
  invalid: 'CobOperacaoInvalida',
  hasBody: true,
  check: (ctx) => {
    const txid = patternViolation(ctx.params[0]!, TXID, 'txid');
    const schema = bodyViolations('cobRevisada', ctx.body, 'cob');
    return [...txid, ...schema, ...semanticViolations(bodyOf(ctx) ?? {}, ctx.settings.pixKey, false)];
  },
  handle: (ctx) => {
    const txid = ctx.params[0]!;
    const body = bodyOf(ctx);
    const cob = ctx.state.cobs.get(txid);
    if (cob === undefined) return problem('CobNaoEncontrado', `No immediate charge has txid ${txid}.`);
    const refused = retiradaProblem(body) ?? locProblem(ctx.state, body.loc, txid);
    if (refused) return refused;
    const merged: CobContent = { ...cob.content };
    if (body.calendario?.expiracao !== undefined) merged.expiracao = body.calendario.expiracao;
    if (body.devedor !== undefined) merged.devedor = devedorOf(body.devedor);
    if (body.valor?.original !== undefined) merged.original = fromCents(toCents(body.valor.original));
    if (body.valor?.modalidadeAlteracao !== undefined) merged.modalidadeAlteracao = body.valor.modalidadeAlteracao;
    if (body.chave !== undefined) merged.chave = body.chave;
    if (body.solicitacaoPagador !== undefined) merged.solicitacaoPagador = body.solicitacaoPagador;
    if (body.infoAdicionais !== undefined) merged.infoAdicionais = infoOf(body.infoAdicionais);
    const contentChanged = !sameContent(merged, cob.content);
    const statusChanged = body.status !== undefined && body.status !== cob.status;
    if (!contentChanged && !statusChanged) return json(200, ctx.state.cobGerada(cob));
    if (cob.status !== 'ATIVA') return notAtiva(cob);
    if (statusChanged && contentChanged) {
      return problem('CobOperacaoInvalida', COB_INVALID, [
        { razao: 'removing the charge together with other changes makes no sense', propriedade: 'cob.status' },
      ]);
    }
    if (toCents(merged.original) === 0 && merged.modalidadeAlteracao !== 1) {
      return problem('CobOperacaoInvalida', COB_INVALID, [
        { razao: 'must not be zero unless modalidadeAlteracao is 1', propriedade: 'cob.valor.original', valor: merged.original },
      ]);
    }
    // "Cobrança imediata revisada. A revisão deve ser incrementada em 1."
    ctx.state.revise(cob, merged, statusChanged ? body.status : cob.status);
    return json(200, ctx.state.cobGerada(cob));
  },
};

const get: Route = {
  method: 'GET',
  path: /^\/cob\/([^/]+)$/,
  scope: 'cob.read',
  invalid: 'CobConsultaInvalida',
  hasBody: false,
  check: (ctx) => {
    const revisao = ctx.query.revisao;
    return [
      ...patternViolation(ctx.params[0]!, TXID, 'txid'),
      ...(revisao === undefined ? [] : patternViolation(revisao, '^\\d{1,9}$', 'revisao')),
    ];
  },
  handle: (ctx) => {
    const txid = ctx.params[0]!;
    const cob = ctx.state.cobs.get(txid);
    if (cob === undefined) return problem('CobNaoEncontrado', `No immediate charge has txid ${txid}.`);
    if (ctx.query.revisao === undefined || Number(ctx.query.revisao) === cob.revisao) {
      return json(200, ctx.state.cobCompleta(cob));
    }
    const past = cob.revisions[Number(ctx.query.revisao)];
    if (past === undefined) {
      return problem('CobConsultaInvalida', 'The query parameters break the schema or make no sense.', [
        { razao: 'the charge has no such revision', propriedade: 'revisao', valor: ctx.query.revisao },
      ]);
    }
    return json(200, past);
  },
};

export const cobRoutes: Route[] = [put, patch, get];
