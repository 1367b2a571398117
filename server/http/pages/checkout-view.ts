/** The checkout page of a payment link: what is sold, the total, and the form that pays it. */
import type { Offer } from '../../domain/checkout/sessions';
import { methodOf } from '../../payments/methods';
import { BRANDS_JSON } from './brands';
import type { Field, FieldError, FormValues } from './form';
import { brl, installmentLabel } from './format';
import { html, safeUrl, type Html } from './html';
import { page } from './layout';

export interface CheckoutForm {
  offer: Offer;
  csrf: string;
  values: FormValues;
  /** Fields to fix, from the form's own check. */
  errors: FieldError[];
  /** A refusal of the payment itself (an invalid card), shown with the field errors. */
  refusal: string | null;
  /** Something the payer should know before choosing (no more card attempts in this session). */
  notice?: string | null;
  now: Date;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

function options(list: readonly { value: string; label: string }[], selected: string, placeholder?: string): Html[] {
  const first = placeholder === undefined ? [] : [html`<option value="">${placeholder}</option>`];
  return [...first, ...list.map((o) => html`<option value="${o.value}"${o.value === selected ? html` selected` : ''}>${o.label}</option>`)];
}

function input(f: CheckoutForm, field: Field, label: string, attrs: Html, value = ''): Html {
  const invalid = f.errors.some((e) => e.field === field);
  return html`<div class="field">
  <label for="f-${field}">${label}</label>
  <input id="f-${field}" name="${field}" value="${value}" ${attrs}${invalid ? html` aria-invalid="true"` : ''}>
</div>`;
}

function select(f: CheckoutForm, field: Field, label: string, choices: Html[], attrs: Html = html``): Html {
  const invalid = f.errors.some((e) => e.field === field);
  return html`<div class="field">
  <label for="f-${field}">${label}</label>
  <select id="f-${field}" name="${field}" ${attrs}${invalid ? html` aria-invalid="true"` : ''}>${choices}</select>
</div>`;
}

function cardFields(f: CheckoutForm): Html {
  const { link, amount } = f.offer;
  const v = f.values;
  const year = f.now.getUTCFullYear();
  const years = Array.from({ length: 16 }, (_, i) => String(year + i)).map((y) => ({ value: y, label: y }));
  // A recurring link's card is charged per cycle: no installments (the sessions refuse more than one).
  const parcels = Array.from({ length: link.recurring ? 1 : link.max_installments }, (_, i) => ({ value: String(i + 1), label: installmentLabel(amount, i + 1) }));
  // Not `required`: without the script the card fields stay visible under every method, and must not block a PIX.
  // The methods these fields are for (the script shows them when one is chosen): the link's that take a card.
  const methods = link.methods.filter((m) => methodOf(m).takesCard).join(' ');
  return html`<fieldset class="card-fields" id="card-fields" data-methods="${methods}">
  <legend>Dados do cartão</legend>
  <div class="field card-number">
    <label for="f-number">Número do cartão</label>
    <input id="f-number" name="number" value="" inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false" data-brands="${BRANDS_JSON}"${f.errors.some((e) => e.field === 'number') ? html` aria-invalid="true"` : ''}>
    <span class="card-brand" role="status"></span>
  </div>
  ${input(f, 'holderName', 'Nome impresso no cartão', html`autocomplete="cc-name" maxlength="50" spellcheck="false"`, v.holderName)}
  <div class="row">
    ${select(f, 'expMonth', 'Mês de validade', options(MONTHS.map((m) => ({ value: String(Number(m)), label: m })), v.expMonth, 'Mês'), html`autocomplete="cc-exp-month"`)}
    ${select(f, 'expYear', 'Ano de validade', options(years, v.expYear, 'Ano'), html`autocomplete="cc-exp-year"`)}
  </div>
  ${input(f, 'cvv', 'Código de segurança (CVV)', html`inputmode="numeric" autocomplete="cc-csc" maxlength="4"`)}
  ${select(f, 'installments', 'Parcelas', options(parcels, v.installments || '1'))}
</fieldset>`;
}

function alert(f: CheckoutForm): Html | null {
  if (!f.refusal && f.errors.length === 0) return null;
  return html`<div class="alert" role="alert" id="form-alert" tabindex="-1">
  ${f.refusal && html`<p>${f.refusal}</p>`}
  ${f.errors.length > 0 && html`<ul>${f.errors.map((e) => html`<li><a href="#f-${e.field}">${e.message}</a></li>`)}</ul>`}
</div>`;
}

export function checkoutPage(f: CheckoutForm): string {
  const { link, merchantName, lines, amount } = f.offer;
  const v = f.values;
  const cancel = safeUrl(link.cancel_url);
  // The card fields (and the sandbox's test cards) when a method of the link takes a card.
  const takesCard = link.methods.some((m) => methodOf(m).takesCard);
  // Two columns on a wide screen (the order beside the form), one on a phone: the stylesheet decides.
  const body = html`<div class="checkout">
<div class="checkout-order">
<header class="order">
  <p class="merchant">${merchantName}</p>
  <h1>${link.name}</h1>
  ${link.description && html`<p class="description">${link.description}</p>`}
</header>
<section class="summary" aria-label="Resumo do pedido">
  ${lines.length > 0 && html`<ul class="lines">${lines.map((l) => html`<li>
    <span class="line-name">${l.name}</span>
    <span class="line-qty">${l.quantity} × ${brl(l.unitPrice)}</span>
    <span class="line-total">${brl(l.quantity * l.unitPrice)}</span>
  </li>`)}</ul>`}
  <p class="total"><span>Total</span> <strong>${brl(amount)}</strong></p>
</section>
</div>
<div class="checkout-pay">
${alert(f)}
${f.notice && html`<p class="notice" id="form-notice">${f.notice}</p>`}
<form method="post" action="/c/${link.access_id}/pay" class="pay" data-checkout>
  <input type="hidden" name="csrf" value="${f.csrf}">
  <input type="hidden" name="amount" value="${String(amount)}">
  <fieldset class="methods">
    <legend>Forma de pagamento</legend>
    ${link.methods.map((m) => html`<label class="method"><input type="radio" name="method" value="${m}"${m === v.method ? html` checked` : ''}> ${methodOf(m).page.label}</label>`)}
  </fieldset>
  <fieldset>
    <legend>Seus dados</legend>
    ${input(f, 'name', 'Nome completo', html`autocomplete="name" maxlength="100" required`, v.name)}
    ${input(f, 'email', 'E-mail', html`type="email" autocomplete="email" maxlength="254" required`, v.email)}
    ${input(f, 'document', 'CPF ou CNPJ', html`inputmode="numeric" maxlength="18" aria-describedby="document-hint"`, v.document)}
    <p class="hint" id="document-hint">Obrigatório para boleto.</p>
  </fieldset>
  ${takesCard && cardFields(f)}
  <button type="submit" class="primary">Pagar ${brl(amount)} <span class="pay-detail"></span></button>
</form>
${cancel && html`<p class="cancel"><a href="${cancel}">Cancelar e voltar para a loja</a></p>`}
</div>
</div>`;
  return page({ title: `${link.name} · ${merchantName}`, mode: link.mode, testCards: takesCard, body, className: 'checkout-page' });
}

/** A recurring link's subscription whose first charge a job is still making: the page looks again by itself. */
export function startingPage(offer: Offer): string {
  return page({
    title: offer.link.name,
    mode: offer.link.mode,
    refreshSeconds: 3,
    body: html`<h1>${offer.link.name}</h1>
<div role="status" class="status status-wait">Processando pagamento</div>
<p>Estamos preparando a sua cobrança. Esta página se atualiza sozinha.</p>
<p><a href="/c/${offer.link.access_id}">Atualizar agora</a></p>`,
  });
}
