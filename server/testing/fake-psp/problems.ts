/**
 * The fake's answers other than a resource: RFC 7807 problems whose `type` follows the API Pix's
 * `https://pix.bcb.gov.br/api/v2/error/<TipoErro>` rule, with the error names and HTTP statuses the standard's
 * "Tratamento de erros" section lists, and the reply shape every handler returns.
 */

/** What a handler answers; the server writes it. A body of `undefined` is an empty body. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One entry of a problem's `violacoes` (the standard's Violacao schema). */
export interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}

export const ERROR_TYPE_BASE = 'https://pix.bcb.gov.br/api/v2/error/';

/**
 * The error names the fake answers, with the status the standard gives each. The titles are ours: the standard fixes
 * `type` and `status`, `title` and `detail` are free text.
 */
const ERRORS = {
  RequisicaoInvalida: [400, 'Invalid request'],
  AcessoNegado: [403, 'Access denied'],
  NaoEncontrado: [404, 'Not found'],
  ErroInternoDoServidor: [500, 'Internal server error'],
  ServicoIndisponivel: [503, 'Service unavailable'],
  IndisponibilidadePorTempoEsgotado: [504, 'Timed out'],
  CobNaoEncontrado: [404, 'Charge not found'],
  CobOperacaoInvalida: [400, 'Invalid charge operation'],
  CobConsultaInvalida: [400, 'Invalid charge query'],
  PixNaoEncontrado: [404, 'Pix not found'],
  PixDevolucaoNaoEncontrada: [404, 'Refund not found'],
  PixConsultaInvalida: [400, 'Invalid Pix query'],
  PixDevolucaoInvalida: [400, 'Invalid refund'],
  WebhookOperacaoInvalida: [400, 'Invalid webhook operation'],
  WebhookNaoEncontrado: [404, 'Webhook not found'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorName = keyof typeof ERRORS;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The problem reply of error `name`, with its violations when there are some. */
export function problem(name: ErrorName, detail: string, violacoes?: Violacao[], headers?: Record<string, string>): Reply {
  const [status, title] = ERRORS[name];
  const body: Record<string, unknown> = { type: ERROR_TYPE_BASE + name, title, status, detail };
  if (violacoes !== undefined && violacoes.length > 0) body.violacoes = violacoes;
  return { status, headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers }, body };
}

/**
 * A status the standard gives no error name (429, 405): RFC 7807 §4.2's `about:blank`, whose meaning is the HTTP
 * status alone. Inventing a `https://pix.bcb.gov.br/api/v2/error/...` name would claim a type the standard lacks.
 */
export function blankProblem(status: number, title: string, detail: string, headers?: Record<string, string>): Reply {
  return {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
    body: { type: 'about:blank', title, status, detail },
  };
}

/** The problem an injected fault answers (`FakePsp.fail`). */
export function faultReply(status: 429 | 500 | 503 | 504): Reply {
  switch (status) {
    case 429:
      return blankProblem(429, 'Too many requests', 'Injected fault: rate limited.', { 'retry-after': '1' });
    case 500:
      return problem('ErroInternoDoServidor', 'Injected fault: unexpected condition.');
    case 503:
      return problem('ServicoIndisponivel', 'Injected fault: the service is unavailable.');
    case 504:
      return problem('IndisponibilidadePorTempoEsgotado', 'Injected fault: the service took too long.');
  }
}

/** A JSON resource reply. */
export function json(status: number, body: unknown): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body };
}
