/** The printable billet: beneficiary, payer, amount, due date, digitable line and the barcode, on one A4-friendly page. */
import type { PublicCharge } from '../../domain/checkout/invoice';
import { billetBarcodeSvg } from './barcode';
import { brl, day, digitableLine } from './format';
import { html, raw } from './html';
import { page } from './layout';

export function billetPage(c: PublicCharge & { payment: { billetBarcode: string; billetSequence: string } }): string {
  const body = html`<h1>Boleto bancário</h1>
<dl class="billet-data">
  <div><dt>Beneficiário</dt><dd>${c.merchantName}</dd></div>
  <div><dt>Pagador</dt><dd>${c.payerName}</dd></div>
  <div><dt>Valor</dt><dd>${brl(c.amount)}</dd></div>
  ${c.billetDueDate && html`<div><dt>Vencimento</dt><dd>${day(c.billetDueDate)}</dd></div>`}
  ${c.payment.billetDocumentNumber && html`<div><dt>Número do documento</dt><dd>${c.payment.billetDocumentNumber}</dd></div>`}
</dl>
<p class="line-label" id="line-label">Linha digitável</p>
<p><code class="digits" aria-labelledby="line-label">${digitableLine(c.payment.billetSequence)}</code></p>
<div class="barcode-box">${raw(billetBarcodeSvg(c.payment.billetBarcode))}</div>
<p class="no-print"><button type="button" class="print" hidden>Imprimir</button> <a href="/pay/${c.token}">Voltar</a></p>`;
  return page({ title: `Boleto · ${c.merchantName}`, mode: c.mode, body, className: 'printable' });
}
