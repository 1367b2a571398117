/**
 * The checkout form: what the payer posted, read into the sessions' `PaymentChoice`, or the fields to fix, each with
 * a message in the payer's language. Only the shape is checked here (and the CPF/CNPJ check digits, a typo the payer
 * fixes at once); the card itself (Luhn, brand, expiry) is the payment pipeline's to judge, as for the API.
 */
import type { PaymentChoice } from '../../domain/checkout/sessions';
import type { LinkMethod } from '../../domain/checkout/links-repo';
import { digitsOnly, isValidDocument } from '../../domain/documents';
import { methodOf } from '../../payments/methods';

/** What the form shows again after a refusal: never the card number or the CVV. */
export interface FormValues {
  method: LinkMethod;
  name: string;
  email: string;
  document: string;
  holderName: string;
  expMonth: string;
  expYear: string;
  installments: string;
}

export type Field = 'method' | 'name' | 'email' | 'document' | 'number' | 'holderName' | 'expMonth' | 'expYear' | 'cvv' | 'installments';

export interface FieldError {
  field: Field;
  message: string;
}

export type Parsed = { ok: true; choice: PaymentChoice; values: FormValues } | { ok: false; errors: FieldError[]; values: FormValues };

const text = (body: Record<string, unknown>, name: string, max = 200): string => {
  const v = body[name];
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `body`: the urlencoded form (`extended: false`: strings, or arrays of a repeated name, which count as missing). */
export function parseForm(body: Record<string, unknown>, methods: readonly LinkMethod[], maxInstallments: number): Parsed {
  const posted = text(body, 'method') as LinkMethod;
  const values: FormValues = {
    method: methods.includes(posted) ? posted : methods[0]!,
    name: text(body, 'name', 100),
    email: text(body, 'email', 254),
    document: text(body, 'document', 30),
    holderName: text(body, 'holderName', 50),
    expMonth: text(body, 'expMonth', 2),
    expYear: text(body, 'expYear', 4),
    installments: text(body, 'installments', 2),
  };
  const errors: FieldError[] = [];
  if (!methods.includes(posted)) errors.push({ field: 'method', message: 'Escolha a forma de pagamento.' });
  if (values.name.split(/\s+/).filter(Boolean).length < 2) errors.push({ field: 'name', message: 'Informe seu nome completo (nome e sobrenome).' });
  if (!EMAIL.test(values.email)) errors.push({ field: 'email', message: 'Informe um e-mail válido.' });
  // Optional unless the method needs one (a billet is issued to a document): then its module says so in the payer's words.
  const method = methodOf(values.method);
  const document = digitsOnly(values.document);
  const docType = document.length === 11 ? 'cpf' : document.length === 14 ? 'cnpj' : null;
  if (document === '' && method.payerDocument) errors.push({ field: 'document', message: method.payerDocument.page });
  else if (document !== '' && (!docType || !isValidDocument(docType, document))) errors.push({ field: 'document', message: 'CPF ou CNPJ inválido: confira os números.' });
  const payer = { name: values.name, email: values.email, document };
  // The total the page showed (cents): the sessions refuse a payment whose total changed since. A form without it
  // (a page served before the field existed) is not checked.
  const shown = /^\d{1,12}$/.test(text(body, 'amount', 12)) ? { shownAmount: Number(text(body, 'amount', 12)) } : {};
  if (!method.takesCard) {
    return errors.length ? { ok: false, errors, values } : { ok: true, choice: { method: values.method, payer, ...shown }, values };
  }

  const number = digitsOnly(text(body, 'number', 40));
  const cvv = text(body, 'cvv', 8);
  const month = Number(values.expMonth);
  const year = Number(values.expYear);
  const installments = values.installments === '' ? 1 : Number(values.installments);
  if (!/^\d{13,19}$/.test(number)) errors.push({ field: 'number', message: 'Informe o número do cartão (13 a 19 dígitos).' });
  if (values.holderName.length < 2) errors.push({ field: 'holderName', message: 'Informe o nome impresso no cartão.' });
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.push({ field: 'expMonth', message: 'Escolha o mês de validade.' });
  if (!Number.isInteger(year) || year < 2000 || year > 2099) errors.push({ field: 'expYear', message: 'Escolha o ano de validade.' });
  if (!/^\d{3,4}$/.test(cvv)) errors.push({ field: 'cvv', message: 'Informe o código de segurança (3 ou 4 dígitos).' });
  if (!Number.isInteger(installments) || installments < 1 || installments > maxInstallments) {
    errors.push({ field: 'installments', message: 'Escolha o número de parcelas.' });
  }
  if (errors.length) return { ok: false, errors, values };
  return {
    ok: true,
    values,
    choice: { method: values.method, payer, installments, card: { number, holderName: values.holderName, expMonth: month, expYear: year, cvv }, ...shown },
  };
}

/** The form of a first visit: the link's first method selected, nothing typed. */
export function emptyForm(methods: readonly LinkMethod[]): FormValues {
  return { method: methods[0]!, name: '', email: '', document: '', holderName: '', expMonth: '', expYear: '', installments: '1' };
}
