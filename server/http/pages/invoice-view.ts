/**
 * The invoice page of one charge: who is paid, what, how much, the status, and per method what the payer does next
 * (PIX: QR code and copy-and-paste code; billet: digitable line and the printable billet; card: the outcome). While
 * the charge can still change, the page's script listens to `/pay/{token}/events` and reloads on a change.
 */
import type { PublicCharge } from '../../domain/checkout/invoice';
import { SETTLED, stateOf } from '../../domain/checkout/invoice';
import type { TransactionStatus } from '../../domain/transactions/status';
import { methodOf } from '../../payments/methods';
import { BRAND_NAME } from './brands';
import { brl, dateTime, day, installmentLabel } from './format';
import { html, safeUrl, type Html } from './html';
import { page } from './layout';


/**
 * The fragment the form's post adds to its redirect to this page: this load follows the payer's own payment, so an
 * approval it shows is the moment to go back to the store. Any other load of an approved page stays on the receipt.
 * A fragment, not a query parameter: the server draws the same page either way, and the script can drop it at once.
 * `assets/checkout.js` reads the same word.
 */
export const JUST_PAID = 'return';

const REFUSAL: Record<string, string> = {
  issuerDeclined: 'O emissor do cartão recusou o pagamento.',
  insufficientFunds: 'O cartão não tem limite ou saldo suficiente para este valor.',
  expiredCard: 'O emissor informou que o cartão está vencido ou foi substituído.',
  cardBlocked: 'O cartão está bloqueado.',
  routesExhausted: 'Não foi possível falar com o processador de pagamentos. Nada foi cobrado.',
  processingFailed: 'Não foi possível processar o pagamento. Nada foi cobrado.',
  antiFraudRefused: 'O pagamento foi recusado pela análise de segurança.',
};

/** The payer's words for the charge's state; `issued`: the QR code or billet exists. */
export function statusText(status: TransactionStatus, issued: boolean): string {
  switch (status) {
    case 'pending':
      return issued ? 'Aguardando pagamento' : 'Processando pagamento';
    case 'analyzing':
    case 'fraud-review':
    case 'awaiting':
      return 'Processando pagamento';
    case 'pre-authorized':
      return 'Pagamento autorizado';
    case 'approved':
      return 'Pagamento aprovado';
    case 'failed':
    case 'refused':
      return 'Pagamento recusado';
    case 'canceled':
      return 'Pagamento cancelado';
    case 'refunded':
      return 'Pagamento estornado';
    case 'dispute':
    case 'chargeback':
      return 'Pagamento contestado';
  }
}

/** What the invoice shows of the charge's payment: its method's `page.kind` (a QR code, a billet, a card). */
const kindOf = (c: PublicCharge) => methodOf(c.method).page.kind;

function pixBlock(c: PublicCharge): Html | null {
  if (kindOf(c) !== 'qr-code' || c.status !== 'pending' || !c.payment.pixQrCodeEmv) return null;
  return html`<section class="pix" aria-labelledby="pix-title">
  <h2 id="pix-title">Pague com PIX</h2>
  <p>Abra o aplicativo do seu banco, escolha pagar com PIX e leia o QR code ou cole o código.</p>
  <img class="qr" src="/pay/${c.token}/qr.png" alt="QR code PIX" width="296" height="296">
  <label for="pix-code">PIX copia e cola</label>
  <textarea id="pix-code" readonly rows="4" spellcheck="false">${c.payment.pixQrCodeEmv}</textarea>
  <button type="button" class="copy" data-copy="pix-code" hidden>Copiar código</button>
  <p class="copied" data-copied="pix-code" aria-live="polite" hidden></p>
  ${c.payment.expirationDate && html`<p class="hint">Válido até ${dateTime(c.payment.expirationDate)} (horário de Brasília).</p>`}
</section>`;
}

function billetBlock(c: PublicCharge): Html | null {
  if (kindOf(c) !== 'slip' || c.status !== 'pending' || !c.payment.billetSequence) return null;
  return html`<section class="billet" aria-labelledby="billet-title">
  <h2 id="billet-title">Pague com boleto</h2>
  <p class="line-label" id="billet-line-label">Linha digitável</p>
  <p><code class="digits" id="billet-line" aria-labelledby="billet-line-label">${c.payment.billetSequence}</code></p>
  <button type="button" class="copy" data-copy="billet-line" hidden>Copiar linha digitável</button>
  <p class="copied" data-copied="billet-line" aria-live="polite" hidden></p>
  ${c.billetDueDate && html`<p>Vencimento: ${day(c.billetDueDate)}</p>`}
  <p><a class="button" href="/pay/${c.token}/billet">Abrir boleto</a></p>
  <p class="hint">O pagamento de boleto leva até 3 dias úteis para ser confirmado.</p>
</section>`;
}

function outcome(c: PublicCharge): Html | null {
  const card = kindOf(c) === 'card' && c.payment.cardLastDigits
    ? html`<p>Cartão ${(c.payment.cardBrand && BRAND_NAME[c.payment.cardBrand]) ?? ''} final ${c.payment.cardLastDigits}, ${installmentLabel(c.amount, c.installments)}.</p>`
    : null;
  if (c.status === 'failed' || c.status === 'refused') {
    const reason = REFUSAL[c.payment.refused?.code ?? ''] ?? 'O pagamento não foi aprovado.';
    return html`<p class="reason">${reason}</p>${card}
${c.link?.retry && html`<p><a class="button" href="/c/${c.link.accessId}">Tentar novamente</a></p>`}`;
  }
  if (c.status === 'canceled') {
    return html`<p>O prazo para pagar esta cobrança terminou ou ela foi cancelada pelo vendedor.</p>
${c.link?.retry && html`<p><a class="button" href="/c/${c.link.accessId}">Tentar novamente</a></p>`}`;
  }
  if (c.status === 'approved') {
    // The script follows `data-return` only on the load right after the payer's own post (`JUST_PAID`).
    const back = safeUrl(c.link?.returnUrl ?? null);
    return html`${card}<p>Obrigado! ${c.merchantName} já foi avisado do pagamento.</p>
${back && html`<p><a class="button" href="${back}" data-return>Voltar para a loja</a></p>`}`;
  }
  return card;
}

export function invoicePage(c: PublicCharge): string {
  const state = stateOf(c);
  const live = !SETTLED.includes(c.status);
  // A waiting page that sees its charge turn approved goes straight to the store: that is the approval's moment.
  const back = live ? safeUrl(c.link?.returnUrl ?? null) : null;
  const body = html`<header class="order">
  <h1>Pagamento para ${c.merchantName}</h1>
</header>
<section class="summary" aria-label="Resumo da cobrança">
  ${c.lines.length > 0 && html`<ul class="lines">${c.lines.map((l) => html`<li>
    <span class="line-name">${l.name}</span>
    <span class="line-qty">${l.quantity} × ${brl(l.unitPrice)}</span>
    <span class="line-total">${brl(l.quantity * l.unitPrice)}</span>
  </li>`)}</ul>`}
  <p class="total"><span>Total</span> <strong>${brl(c.amount)}</strong></p>
</section>
<div class="status status-${c.status}" role="status" id="charge-status"${live ? html` data-events="/pay/${c.token}/events" data-state="${JSON.stringify(state)}"${back ? html` data-return="${back}"` : ''}` : ''}>${statusText(c.status, state.issued)}</div>
${live && html`<noscript><p class="hint">Recarregue a página para ver o andamento do pagamento.</p></noscript>`}
${pixBlock(c)}
${billetBlock(c)}
${outcome(c)}`;
  return page({ title: `${statusText(c.status, state.issued)} · ${c.merchantName}`, mode: c.mode, body });
}
