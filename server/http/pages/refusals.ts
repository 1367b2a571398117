/** A refusal of the payment pipeline, in the payer's words: what to fix, never the API's English or its codes. */
import type { ApiError } from '../../core/errors';

const MESSAGES: Partial<Record<ApiError['code'], string>> = {
  invalidCard: 'Cartão inválido: confira o número, a validade e o código de segurança.',
  invalidDocument: 'CPF ou CNPJ inválido: confira os números.',
  invalidParameters: 'Alguns dados não foram aceitos: confira o formulário.',
  paymentDeclined: 'O pagamento foi recusado. Tente outro cartão ou outra forma de pagamento.',
  insufficientFundsError: 'O cartão não tem limite ou saldo suficiente para este valor.',
  providerNotConfigured: 'Esta forma de pagamento não está disponível no momento.',
  paymentLinkNotFound: 'Este link de pagamento não está mais disponível.',
  tooManyRequests: 'Muitas tentativas seguidas. Aguarde um momento e tente de novo.',
};

export function refusalMessage(err: ApiError): string {
  return MESSAGES[err.code] ?? 'Não foi possível iniciar o pagamento. Confira os dados e tente de novo.';
}
