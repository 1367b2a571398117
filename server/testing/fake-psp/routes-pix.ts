/**
 * /pix: the Pix received (GET /pix, GET /pix/{e2eid}) and their devoluções (PUT/GET /pix/{e2eid}/devolucao/{id}),
 * with the errors the standard's "Tag Pix" section names: PixConsultaInvalida, PixNaoEncontrado,
 * PixDevolucaoInvalida, PixDevolucaoNaoEncontrada.
 */
import { json, problem, type Violacao } from './problems';
import type { Route } from './route';
import { bodyViolations, DEVOLUCAO_ID, E2EID, patternViolation, pixQueryViolations } from './schemas';
import { type Devolucao, devolucaoView, fromCents, newRtrId, refundableCents, toCents } from './state';

const DEVOLUCAO_INVALID = 'The refund request breaks the schema or makes no sense.';

const list: Route = {
  method: 'GET',
  path: /^\/pix$/,
  scope: 'pix.read',
  invalid: 'PixConsultaInvalida',
  hasBody: false,
  check: (ctx) => {
    const { query, violacoes } = pixQueryViolations(ctx.query);
    const out: Violacao[] = [...violacoes];
    if (violacoes.length === 0 && Date.parse(query.fim as string) < Date.parse(query.inicio as string)) {
      out.push({ razao: 'fim is before inicio', propriedade: 'fim', valor: ctx.query.fim! });
    }
    if (ctx.query.cpf !== undefined && ctx.query.cnpj !== undefined) {
      out.push({ razao: 'cpf and cnpj cannot be used together', propriedade: 'cnpj' });
    }
    return out;
  },
  handle: (ctx) => {
    const q = pixQueryViolations(ctx.query).query;
    const inicio = Date.parse(q.inicio as string);
    const fim = Date.parse(q.fim as string);
    const matching = [...ctx.state.pix.values()].filter((p) => {
      const at = Date.parse(p.horario);
      if (at < inicio || at > fim) return false;
      if (q.txid !== undefined && p.txid !== q.txid) return false;
      if (q.txIdPresente !== undefined && (p.txid !== undefined) !== q.txIdPresente) return false;
      if (q.devolucaoPresente !== undefined && (p.devolucoes.length > 0) !== q.devolucaoPresente) return false;
      // The payer is a person in this fake: a cnpj filter matches nothing.
      if (q.cpf !== undefined && p.payerCpf !== q.cpf) return false;
      if (q.cnpj !== undefined) return false;
      return true;
    });
    const paginaAtual = (q['paginacao.paginaAtual'] as number | undefined) ?? 0;
    const itensPorPagina = (q['paginacao.itensPorPagina'] as number | undefined) ?? 100;
    const page = matching.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina);
    const parametros: Record<string, unknown> = { inicio: ctx.query.inicio, fim: ctx.query.fim };
    for (const key of ['txid', 'txIdPresente', 'devolucaoPresente', 'cpf', 'cnpj'] as const) {
      if (q[key] !== undefined) parametros[key] = q[key];
    }
    parametros.paginacao = {
      paginaAtual,
      itensPorPagina,
      // Paginacao.quantidadeDePaginas has `minimum: 1`: an empty result is one empty page.
      quantidadeDePaginas: Math.max(1, Math.ceil(matching.length / itensPorPagina)),
      quantidadeTotalDeItens: matching.length,
    };
    // PixConsultados lists `cobs` as required, a slip for `pix` (its only list property, and the example's).
    return json(200, { parametros, pix: page.map((p) => ctx.state.pixView(p)) });
  },
};

const one: Route = {
  method: 'GET',
  path: /^\/pix\/([^/]+)$/,
  scope: 'pix.read',
  // No query-error name covers GET /pix/{e2eid}: a malformed e2eid is the general RequisicaoInvalida.
  invalid: 'RequisicaoInvalida',
  hasBody: false,
  check: (ctx) => patternViolation(ctx.params[0]!, E2EID, 'e2eid'),
  handle: (ctx) => {
    const p = ctx.state.pix.get(ctx.params[0]!);
    return p ? json(200, ctx.state.pixView(p)) : problem('PixNaoEncontrado', `No Pix has endToEndId ${ctx.params[0]}.`);
  },
};

const putDevolucao: Route = {
  method: 'PUT',
  path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
  scope: 'pix.write',
  invalid: 'PixDevolucaoInvalida',
  hasBody: true,
  check: (ctx) => {
    const out = [
      ...patternViolation(ctx.params[0]!, E2EID, 'e2eid'),
      ...patternViolation(ctx.params[1]!, DEVOLUCAO_ID, 'id'),
      ...bodyViolations('devolucaoSolicitada', ctx.body, 'devolucao'),
    ];
    const valor = (ctx.body as { valor?: unknown } | null)?.valor;
    if (out.length === 0 && typeof valor === 'string' && toCents(valor) === 0) {
      out.push({ razao: 'a refund of zero makes no sense', propriedade: 'devolucao.valor', valor });
    }
    return out;
  },
  handle: (ctx) => {
    const [e2eid, id] = ctx.params as [string, string];
    const body = ctx.body as { valor: string; natureza?: string; descricao?: string };
    const p = ctx.state.pix.get(e2eid);
    // The error list names PixNaoEncontrado for GET /pix/{e2eid} only; this operation's 404 is the general NaoEncontrado.
    if (p === undefined) return problem('NaoEncontrado', `No Pix has endToEndId ${e2eid}.`);
    // "A presente requisição de devolução apresenta um {id} já utilizado por outra requisição de devolução para o
    // {e2eid} em questão": a second PUT of the same id is refused, retry or not. A client that lost the first answer
    // learns the outcome with GET /pix/{e2eid}/devolucao/{id}.
    if (p.devolucoes.some((d) => d.id === id)) {
      return problem('PixDevolucaoInvalida', DEVOLUCAO_INVALID, [
        { razao: 'the id is already used by another refund of this Pix', propriedade: 'id', valor: id },
      ]);
    }
    const cents = toCents(body.valor);
    // RETIRADA refunds the withdrawal or change part, which a Pix without saque or troco (all this fake makes) lacks.
    const limit = body.natureza === 'RETIRADA' ? 0 : refundableCents(p);
    if (cents > limit) {
      return problem('PixDevolucaoInvalida', DEVOLUCAO_INVALID, [
        {
          razao: `with the earlier refunds it would exceed the Pix; at most ${fromCents(limit)} can be refunded`,
          propriedade: 'devolucao.valor',
          valor: body.valor,
        },
      ]);
    }
    const devolucao: Devolucao = {
      id,
      rtrId: newRtrId(),
      valor: fromCents(cents),
      horario: { solicitacao: new Date().toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    if (body.natureza !== undefined) devolucao.natureza = body.natureza;
    if (body.descricao !== undefined) devolucao.descricao = body.descricao;
    p.devolucoes.push(devolucao);
    return json(201, devolucaoView(devolucao));
  },
};

const getDevolucao: Route = {
  method: 'GET',
  path: /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/,
  scope: 'pix.read',
  invalid: 'RequisicaoInvalida',
  hasBody: false,
  check: (ctx) => [
    ...patternViolation(ctx.params[0]!, E2EID, 'e2eid'),
    ...patternViolation(ctx.params[1]!, DEVOLUCAO_ID, 'id'),
  ],
  handle: (ctx) => {
    const [e2eid, id] = ctx.params as [string, string];
    const d = ctx.state.pix.get(e2eid)?.devolucoes.find((x) => x.id === id);
    return d ? json(200, devolucaoView(d)) : problem('PixDevolucaoNaoEncontrada', `Pix ${e2eid} has no refund ${id}.`);
  },
};

export const pixRoutes: Route[] = [list, one, putDevolucao, getDevolucao];
