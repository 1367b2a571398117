/**
 * Our JSON Schemas of what the standard says a PSP answers (CobGerada, CobCompleta, Pix, Devolucao, PixConsultados,
 * WebhookCompleto, Problema), so the fake's tests hold its answers to the standard rather than to its own code.
 * Patterns anchored, as in schemas.ts.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { CNPJ, CPF, DEVOLUCAO_ID, E2EID, MONEY, PIX_TXID, TXID } from './schemas';

const money = { type: 'string', pattern: MONEY };
const dateTime = { type: 'string', format: 'date-time' };

const devolucao = {
  type: 'object',
  required: ['id', 'rtrId', 'valor', 'horario', 'status'],
  properties: {
    id: { type: 'string', pattern: DEVOLUCAO_ID },
    rtrId: { type: 'string', pattern: '^[a-zA-Z0-9]{32}$' },
    valor: money,
    natureza: { enum: ['ORIGINAL', 'RETIRADA', 'MED_OPERACIONAL', 'MED_FRAUDE', 'MED_PIX_AUTOMATICO'] },
    descricao: { type: 'string', maxLength: 140 },
    horario: { type: 'object', properties: { solicitacao: dateTime, liquidacao: dateTime } },
    status: { enum: ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] },
    motivo: { type: 'string', maxLength: 140 },
  },
};

const pix = {
  type: 'object',
  required: ['endToEndId', 'valor', 'horario'],
  properties: {
    endToEndId: { type: 'string', pattern: E2EID },
    txid: { type: 'string', pattern: PIX_TXID },
    valor: money,
    componentesValor: { type: 'object', properties: { original: { type: 'object', required: ['valor'], properties: { valor: money } } } },
    chave: { type: 'string', maxLength: 77 },
    horario: dateTime,
    infoPagador: { type: 'string', maxLength: 140 },
    devolucoes: { type: 'array', items: devolucao },
  },
};

const person = (doc: string, pattern: string) => ({
  type: 'object',
  required: [doc, 'nome'],
  properties: { [doc]: { type: 'string', pattern }, nome: { type: 'string', maxLength: 200 } },
});

const cobGerada = {
  type: 'object',
  required: ['txid', 'calendario', 'revisao', 'status', 'valor', 'chave'],
  properties: {
    calendario: { type: 'object', required: ['criacao', 'expiracao'], properties: { criacao: dateTime, expiracao: { type: 'integer' } } },
    txid: { type: 'string', pattern: TXID },
    revisao: { type: 'integer', minimum: 0 },
    loc: {
      type: 'object',
      required: ['id', 'txid', 'tipoCob', 'criacao', 'location'],
      properties: {
        id: { type: 'integer' },
        txid: { type: 'string', pattern: TXID },
        location: { type: 'string', maxLength: 77 },
        tipoCob: { const: 'cob' },
        criacao: dateTime,
      },
    },
    location: { type: 'string', maxLength: 77 },
    status: { enum: ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] },
    devedor: { oneOf: [person('cpf', CPF), person('cnpj', CNPJ)] },
    valor: {
      type: 'object',
      required: ['original'],
      properties: { original: money, modalidadeAlteracao: { type: 'integer', minimum: 0, maximum: 1 } },
    },
    chave: { type: 'string', maxLength: 77 },
    solicitacaoPagador: { type: 'string', maxLength: 140 },
    pixCopiaECola: { type: 'string', maxLength: 512 },
  },
};

const cobCompleta = {
  allOf: [cobGerada, { type: 'object', properties: { pix: { type: 'array', items: { ...pix, properties: { ...pix.properties, txid: { type: 'string', pattern: TXID } } } } } }],
};

const paginacao = {
  type: 'object',
  required: ['paginaAtual', 'itensPorPagina', 'quantidadeDePaginas', 'quantidadeTotalDeItens'],
  properties: {
    paginaAtual: { type: 'integer', minimum: 0 },
    itensPorPagina: { type: 'integer', minimum: 1 },
    quantidadeDePaginas: { type: 'integer', minimum: 1 },
    quantidadeTotalDeItens: { type: 'integer', minimum: 0 },
  },
};

const pixConsultados = {
  type: 'object',
  required: ['parametros', 'pix'],
  properties: {
    parametros: { type: 'object', required: ['inicio', 'fim', 'paginacao'], properties: { inicio: dateTime, fim: dateTime, paginacao } },
    pix: { type: 'array', items: pix },
  },
};

const webhookCompleto = {
  type: 'object',
  required: ['webhookUrl', 'cnpj', 'criacao'],
  properties: { webhookUrl: { type: 'string', format: 'uri' }, cnpj: { type: 'string', pattern: CNPJ }, criacao: dateTime },
};

const problema = {
  type: 'object',
  required: ['type', 'title', 'status'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    violacoes: {
      type: 'array',
      items: { type: 'object', properties: { razao: { type: 'string' }, propriedade: { type: 'string' }, valor: { type: 'string' } } },
    },
  },
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

const compiled = {
  CobGerada: ajv.compile(cobGerada),
  CobCompleta: ajv.compile(cobCompleta),
  Pix: ajv.compile(pix),
  Devolucao: ajv.compile(devolucao),
  PixConsultados: ajv.compile(pixConsultados),
  WebhookCompleto: ajv.compile(webhookCompleto),
  Problema: ajv.compile(problema),
};

/** Why `value` is not a `name` as the standard defines it: ajv's messages, empty when it is one. */
export function responseErrors(name: keyof typeof compiled, value: unknown): string[] {
  const validate = compiled[name];
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
