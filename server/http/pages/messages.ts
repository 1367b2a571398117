/**
 * The pages that say why there is nothing to pay here: an unknown address, a link not open, a refused form, an
 * unexpected error. Each is a short page with an `<h1>` and a sentence, never an error envelope or a stack trace.
 */
import type { Availability } from '../../domain/checkout/availability';
import type { Mode } from '../../domain/access/keys';
import { dateTime } from './format';
import { html, type Html } from './html';
import { page } from './layout';

export interface MessagePage {
  status: number;
  html: string;
}

export function messagePage(status: number, heading: string, text: Html | string, mode?: Mode): MessagePage {
  return {
    status,
    html: page({ title: heading, ...(mode ? { mode } : {}), body: html`<h1>${heading}</h1>\n<p>${text}</p>` }),
  };
}

export const linkNotFound = () =>
  messagePage(404, 'Link de pagamento não encontrado', 'Confira o endereço recebido ou peça um novo link a quem o enviou.');

export const chargeNotFound = () =>
  messagePage(404, 'Cobrança não encontrada', 'Confira o endereço recebido ou peça um novo link a quem o enviou.');

export const pageNotFound = () => messagePage(404, 'Página não encontrada', 'Confira o endereço.');

/** Said when every place left of a link's `maxPayments` is held by a payment under way (page and refused form). */
export const FULLY_RESERVED =
  'Todas as unidades estão reservadas para pagamentos em andamento. Se algum deles não for concluído, a unidade volta a ficar disponível: tente novamente em alguns minutos.';

/** Why a link cannot be paid now (`availabilityOf`): gone for good is 410, not yet or not now is 200. */
export function linkClosed(availability: Exclude<Availability, 'open'>, mode: Mode, availableAt: Date | null): MessagePage {
  const retry = 'Fale com o vendedor para receber um novo link.';
  switch (availability) {
    case 'expired':
      return messagePage(410, 'Este link de pagamento expirou', retry, mode);
    case 'disabled':
      return messagePage(410, 'Este link de pagamento não está mais disponível', retry, mode);
    case 'soldOut':
      return messagePage(410, 'Este link de pagamento esgotou', 'Todas as unidades oferecidas por este link já foram vendidas.', mode);
    case 'scheduled':
      return messagePage(
        200,
        'Este link de pagamento ainda não está disponível',
        availableAt ? `Ele abre em ${dateTime(availableAt)} (horário de Brasília).` : 'Volte mais tarde.',
        mode,
      );
    case 'unavailable':
      return messagePage(200, 'Este link de pagamento está indisponível no momento', 'Tente novamente mais tarde.', mode);
    case 'fullyReserved':
      // Not gone for good: a payment under way that ends unpaid gives its place back.
      return messagePage(200, 'Este link de pagamento está esgotado no momento', FULLY_RESERVED, mode);
  }
}

/** Too many posts or new visits from one address (`Retry-After` says how long to wait). */
export const tooManyAttempts = () =>
  messagePage(429, 'Muitas tentativas em pouco tempo', 'Aguarde alguns minutos e tente de novo.');

/** A charge whose status streams are all taken (a page open in too many tabs). */
export const tooManyStreams = () =>
  messagePage(429, 'Muitas páginas abertas', 'Esta cobrança já está aberta em várias abas. Feche algumas e recarregue a página.');

/** A session whose card attempts are spent, on a link that offers nothing but card. */
export const cardAttemptsExhausted = (mode: Mode) =>
  messagePage(200, 'Limite de tentativas com cartão atingido', 'Por segurança, esta página não aceita mais tentativas com cartão. Fale com o vendedor.', mode);

/** A completed session without a charge to show (a subscription that starts with a free trial). */
export const alreadyPaid = (mode: Mode) =>
  messagePage(200, 'Pagamento concluído', 'Este pagamento já foi feito neste navegador. Não é preciso pagar de novo.', mode);

export const sessionExpired = () =>
  messagePage(403, 'Sessão expirada, recarregue a página', 'Por segurança, o formulário só vale na página em que foi aberto.');

export const formNotAccepted = (status: 413 | 415) =>
  messagePage(status, 'Formulário não aceito', 'Volte à página de pagamento, recarregue-a e envie o formulário de novo.');

/** An unexpected failure: the correlation id lets support find the log line; nothing else of the error is shown. */
export const serverErrorPage = (correlationId: string) =>
  messagePage(
    500,
    'Não foi possível carregar esta página',
    html`Tente novamente em alguns instantes. Se o problema continuar, informe o código <code>${correlationId}</code> ao vendedor.`,
  );
