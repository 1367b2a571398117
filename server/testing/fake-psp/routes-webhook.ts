/**
 * /webhook/{chave}: register (PUT), read (GET) and cancel (DELETE) the URL the fake calls back at `{webhookUrl}/pix`,
 * with the errors of the standard's "Tag Webhook": WebhookOperacaoInvalida (400), WebhookNaoEncontrado (404).
 */
import { json, problem, type Violacao } from './problems';
import type { Route } from './route';
import { bodyViolations } from './schemas';
import { RECEIVER_CNPJ } from './state';

const chaveViolations = (chave: string, pixKey: string): Violacao[] => {
  if (chave.length > 77) return [{ razao: 'must be at most 77 characters', propriedade: 'chave' }];
  if (chave !== pixKey) return [{ razao: 'the key does not belong to this receiver', propriedade: 'chave', valor: chave }];
  return [];
};

/**
 * WebhookSolicitado's schema asks only `format: uri`, but the callback it sets up "está protegido por uma camada de
 * autenticação mTLS": a callback over TLS, so an https URL. `allowHttpWebhook` lets a service under test listen on
 * plain http on loopback.
 */
function urlViolations(body: unknown, allowHttp: boolean): Violacao[] {
  const url = (body as { webhookUrl?: unknown } | null)?.webhookUrl;
  if (typeof url !== 'string') return [];
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  if (scheme === 'https:' || (allowHttp && scheme === 'http:')) return [];
  const razao = allowHttp ? 'must be an http or https URL' : 'must be an https URL (the callback is protected by mTLS)';
  return [{ razao, propriedade: 'webhook.webhookUrl', valor: url }];
}

const put: Route = {
  method: 'PUT',
  path: /^\/webhook\/([^/]+)$/,
  scope: 'webhook.write',
  invalid: 'WebhookOperacaoInvalida',
  hasBody: true,
  check: (ctx) => {
    const schema = bodyViolations('webhookSolicitado', ctx.body, 'webhook');
    return [
      ...chaveViolations(ctx.params[0]!, ctx.settings.pixKey),
      ...schema,
      ...(schema.length === 0 ? urlViolations(ctx.body, ctx.settings.allowHttpWebhook) : []),
    ];
  },
  handle: (ctx) => {
    const chave = ctx.params[0]!;
    const webhookUrl = (ctx.body as { webhookUrl: string }).webhookUrl;
    const before = ctx.state.webhooks.get(chave);
    // criacao is when the webhook was registered: kept when the same URL is registered again.
    const criacao = before?.webhookUrl === webhookUrl ? before.criacao : new Date().toISOString();
    ctx.state.webhooks.set(chave, { webhookUrl, chave, criacao });
    // The standard's 200 here has no content.
    return { status: 200 };
  },
};

function notFound(chave: string) {
  return problem('WebhookNaoEncontrado', `No webhook is set for key ${chave}.`);
}

const get: Route = {
  method: 'GET',
  path: /^\/webhook\/([^/]+)$/,
  scope: 'webhook.read',
  invalid: 'RequisicaoInvalida',
  hasBody: false,
  check: (ctx) => (ctx.params[0]!.length > 77 ? [{ razao: 'must be at most 77 characters', propriedade: 'chave' }] : []),
  handle: (ctx) => {
    const hook = ctx.state.webhooks.get(ctx.params[0]!);
    if (hook === undefined) return notFound(ctx.params[0]!);
    // WebhookCompleto requires webhookUrl, cnpj and criacao; the standard's example shows chave instead of cnpj. Both.
    return json(200, { webhookUrl: hook.webhookUrl, chave: hook.chave, cnpj: RECEIVER_CNPJ, criacao: hook.criacao });
  },
};

const remove: Route = {
  method: 'DELETE',
  path: /^\/webhook\/([^/]+)$/,
  scope: 'webhook.write',
  invalid: 'RequisicaoInvalida',
  hasBody: false,
  check: () => [],
  handle: (ctx) => (ctx.state.webhooks.delete(ctx.params[0]!) ? { status: 204 } : notFound(ctx.params[0]!)),
};

export const webhookRoutes: Route[] = [put, get, remove];
