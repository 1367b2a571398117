/**
 * Our own JSON Schemas (2020-12, checked with ajv) of what the API Pix v2 standard lets a client send: CobSolicitada
 * (PUT /cob/{txid}), CobRevisada (PATCH), DevolucaoSolicitada, WebhookSolicitado and the GET /pix query. Where the
 * standard's text and its schema disagree, the comment says which we follow. Violations come out as the standard's
 * Violacao ({razao, propriedade}), `propriedade` prefixed like the standard's examples ("cob.valor.original").
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Violacao } from './problems';

// The standard's patterns are written unanchored ("[a-zA-Z0-9]{26,35}"), which in JSON Schema would match any string
// containing such a run; what they describe is the whole value, so ours are anchored.
export const TXID = '^[a-zA-Z0-9]{26,35}$';
/** A received Pix's txid, and GET /pix's filter: the standard narrows TxId to "[a-zA-Z0-9]{1,35}" there. */
export const PIX_TXID = '^[a-zA-Z0-9]{1,35}$';
export const E2EID = '^[a-zA-Z0-9]{32}$';
export const DEVOLUCAO_ID = '^[a-zA-Z0-9]{1,35}$';
export const MONEY = '^\\d{1,10}\\.\\d{2}$';
// The standard writes CPF's pattern as "/^\\d{11}$/", slashes included (a JavaScript literal pasted into a string);
// eleven digits is what it means. CNPJ is "^[0-9A-Z]{14}$": the alphanumeric CNPJ is allowed.
export const CPF = '^\\d{11}$';
export const CNPJ = '^[0-9A-Z]{14}$';
const INT32_MAX = 2_147_483_647;

/**
 * PessoaFisica or PessoaJuridica. The standard's `oneOf` branches do not forbid the other document, so a devedor with
 * a valid cpf and a malformed cnpj would pass its literal schema; its prose says "Não é permitido que o campo
 * devedor.cpf e campo devedor.cnpj estejam preenchidos ao mesmo tempo", so each branch here excludes the other.
 */
function person(doc: 'cpf' | 'cnpj', pattern: string, other: 'cpf' | 'cnpj') {
  return {
    type: 'object',
    required: [doc, 'nome'],
    properties: { [doc]: { type: 'string', pattern }, nome: { type: 'string', maxLength: 200 } },
    not: { required: [other] },
  };
}

const devedor = { oneOf: [person('cpf', CPF, 'cnpj'), person('cnpj', CNPJ, 'cpf')] };

const calendario = {
  type: 'object',
  // int32, "Tempo de vida da cobrança, especificado em segundos"; ≤ 0 is a semantic violation checked in the route.
  properties: { expiracao: { type: 'integer', maximum: INT32_MAX } },
};

const valor = {
  type: 'object',
  properties: {
    original: { type: 'string', pattern: MONEY },
    modalidadeAlteracao: { type: 'integer', minimum: 0, maximum: 1 },
    retirada: { type: 'object' },
  },
};

// PayloadLocationCob lists `tipoCob` as required but defines only `id`, and the standard's own request examples send
// `{ "loc": { "id": 7768 } }`: only `id` is required here.
const loc = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };

const cobBase = {
  chave: { type: 'string', maxLength: 77 },
  solicitacaoPagador: { type: 'string', maxLength: 140 },
  infoAdicionais: {
    type: 'array',
    // The standard writes "maximum: 50" on the array, which JSON Schema ignores on arrays; fifty items is meant.
    maxItems: 50,
    items: {
      type: 'object',
      required: ['nome', 'valor'],
      properties: { nome: { type: 'string', maxLength: 50 }, valor: { type: 'string', maxLength: 200 } },
    },
  },
};

/** PUT /cob/{txid}. The standard's CobSolicitada requires `valor`, `chave` and `calendario` (expiracao inside is optional, default 86400). */
const cobSolicitada = {
  type: 'object',
  required: ['calendario', 'valor', 'chave'],
  properties: { calendario, devedor, loc, valor: { ...valor, required: ['original'] }, ...cobBase },
};

/** PATCH /cob/{txid}: every field optional; `status` may only be REMOVIDA_PELO_USUARIO_RECEBEDOR. */
const cobRevisada = {
  type: 'object',
  properties: {
    calendario,
    devedor,
    loc,
    status: { type: 'string', enum: ['REMOVIDA_PELO_USUARIO_RECEBEDOR'] },
    valor,
    ...cobBase,
  },
};

/** PUT /pix/{e2eid}/devolucao/{id}: natureza is DevolucaoSolicitadaNatureza (ORIGINAL or RETIRADA). */
const devolucaoSolicitada = {
  type: 'object',
  required: ['valor'],
  properties: {
    valor: { type: 'string', pattern: MONEY },
    natureza: { type: 'string', enum: ['ORIGINAL', 'RETIRADA'] },
    descricao: { type: 'string', maxLength: 140 },
  },
};

/** PUT /webhook/{chave}: `webhookUrl` is `format: uri`; the https rule is the route's (see routes-webhook.ts). */
const webhookSolicitado = {
  type: 'object',
  required: ['webhookUrl'],
  properties: { webhookUrl: { type: 'string', format: 'uri' } },
};

/** GET /pix's query, validated with type coercion (query values arrive as strings). */
const pixQuery = {
  type: 'object',
  required: ['inicio', 'fim'],
  properties: {
    inicio: { type: 'string', format: 'date-time' },
    fim: { type: 'string', format: 'date-time' },
    txid: { type: 'string', pattern: PIX_TXID },
    txIdPresente: { type: 'boolean' },
    devolucaoPresente: { type: 'boolean' },
    cpf: { type: 'string', pattern: CPF },
    cnpj: { type: 'string', pattern: CNPJ },
    'paginacao.paginaAtual': { type: 'integer', minimum: 0, maximum: INT32_MAX },
    'paginacao.itensPorPagina': { type: 'integer', minimum: 1, maximum: 1000 },
  },
};

function compiler(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: coerce });
  addFormats(ajv);
  return ajv;
}

const plain = compiler(false);
const coercing = compiler(true);

const validators = {
  cobSolicitada: plain.compile(cobSolicitada),
  cobRevisada: plain.compile(cobRevisada),
  devolucaoSolicitada: plain.compile(devolucaoSolicitada),
  webhookSolicitado: plain.compile(webhookSolicitado),
} satisfies Record<string, ValidateFunction>;

const pixQueryValidator = coercing.compile(pixQuery);

/** ajv's errors as Violacao; inside a failed oneOf only the oneOf itself is kept (its branches' errors are noise). */
function toViolacoes(errors: ErrorObject[] | null | undefined, prefix: string): Violacao[] {
  if (!errors) return [];
  const failedOneOf = errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath);
  const kept = errors.filter(
    (e) =>
      e.keyword === 'oneOf' ||
      !(e.schemaPath.includes('/oneOf/') && failedOneOf.some((p) => e.instancePath.startsWith(p))),
  );
  const seen = new Set<string>();
  const out: Violacao[] = [];
  for (const e of kept) {
    const parts = e.instancePath.split('/').slice(1);
    if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
    const propriedade = [prefix, ...parts].filter((p) => p !== '').join('.');
    const razao =
      e.keyword === 'oneOf'
        ? 'must be exactly one of PessoaFisica (cpf, nome) or PessoaJuridica (cnpj, nome)'
        : e.keyword === 'required'
          ? 'is required'
          : (e.message ?? 'does not match the schema');
    const key = `${propriedade}|${razao}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ razao, propriedade });
  }
  return out;
}

export type BodySchema = keyof typeof validators;

/** The schema violations of a request body, `propriedade` prefixed with `prefix` ("cob", "devolucao", "webhook"). */
export function bodyViolations(schema: BodySchema, body: unknown, prefix: string): Violacao[] {
  const validate = validators[schema];
  return validate(body) ? [] : toViolacoes(validate.errors, prefix);
}

/** GET /pix's query checked and coerced: the typed query, or its violations. */
export function pixQueryViolations(query: Record<string, string>): { query: Record<string, unknown>; violacoes: Violacao[] } {
  const copy: Record<string, unknown> = { ...query };
  const ok = pixQueryValidator(copy);
  return { query: copy, violacoes: ok ? [] : toViolacoes(pixQueryValidator.errors, '') };
}

/** A violation when `value` does not match `pattern` (path parameters). */
export function patternViolation(value: string, pattern: string, propriedade: string): Violacao[] {
  return new RegExp(pattern).test(value) ? [] : [{ razao: `must match pattern "${pattern}"`, propriedade, valor: value }];
}
