/** A refusal of the payment pipeline, in the payer's words: what to fix, never the API's English or its codes. */
import type { ApiError } from '../../core/errors';
import { brl } from './format';
import { FULLY_RESERVED } from './messages';

const BY_CODE: Partial<Record<ApiError['code'], string>> = {
  invalidCard: 'Cartão inválido: confira o número, a validade e o código de segurança.',
  invalidDocument: 'CPF ou CNPJ inválido: confira os números.',
  paymentDeclined: 'O pagamento foi recusado. Tente outro cartão ou outra forma de pagamento.',
  insufficientFundsError: 'O cartão não tem limite ou saldo suficiente para este valor.',
  providerNotConfigured: 'Esta forma de pagamento não está disponível no momento.',
  paymentLinkNotFound: 'Este link de pagamento não está mais disponível.',
};

/** The sessions' refusals name what they refuse in `params` (`{ "payer[document]": … }`, `{ session: "expired" }`). */
const BY_PARAM: Record<string, string> = {
  'payer[name]': 'Informe seu nome completo (nome e sobrenome).',
  'payer[email]': 'Informe um e-mail válido.',
  'payer[document]': 'CPF ou CNPJ inválido: confira os números.',
  'customer[document]': 'Informe um CPF ou CNPJ válido: o boleto precisa dele.',
  installments: 'Escolha um número de parcelas oferecido.',
  method: 'Esta forma de pagamento não é aceita por este link.',
  paymentLink: 'Este link de pagamento não aceita mais pagamentos.',
  session: 'Esta página de pagamento expirou ou já foi paga: abra o link de novo.',
};

/** A refusal because the total changed since the page showed it (the session now has the new total). */
export function amountChanged(err: ApiError): boolean {
  return err.code === 'unprocessableEntity' && (err.params ?? []).some((p) => p.amount === 'changed');
}

/** `total`: the link's total now, which a refusal of a changed total names. */
export function refusalMessage(err: ApiError, total: number): string {
  const byCode = BY_CODE[err.code];
  if (byCode) return byCode;
  if (amountChanged(err)) return `O valor mudou para ${brl(total)}. Confira e pague novamente.`;
  // Every place taken by payments under way: not closed for good, so not the closed link's words.
  if ((err.params ?? []).some((p) => p.paymentLink === 'fullyReserved')) return FULLY_RESERVED;
  for (const param of err.params ?? []) {
    for (const key of Object.keys(param)) {
      const text = BY_PARAM[key] ?? (key.startsWith('card[') ? BY_CODE.invalidCard : undefined);
      if (text) return text;
    }
  }
  return 'Não foi possível iniciar o pagamento. Confira os dados e tente de novo.';
}
