/**
 * The frame of every public page: pt-BR, phone-first viewport, the one same-origin stylesheet and script (versioned
 * by their content so they can be cached for a year), the sandbox banner, and the headers every public page sends.
 */
import type { Mode } from '../../domain/access/keys';
import { ASSET_VERSION } from './assets';
import { html, type Html } from './html';

export interface PageOptions {
  title: string;
  /** A sandbox page says so in a banner; `testCards` lists the sandbox's cards too (the checkout form). */
  mode?: Mode;
  testCards?: boolean;
  body: Html;
  /** The printable billet uses its own layout rules. */
  className?: string;
  /** Reload the page after this many seconds (a state that changes soon and has no status stream). */
  refreshSeconds?: number;
}

const TEST_CARDS: readonly [string, string][] = [
  ['4111 1111 1111 1111', 'aprovado'],
  ['5555 5555 5555 4444', 'aprovado'],
  ['4000 0000 0000 0002', 'recusado pelo emissor'],
  ['4000 0000 0000 9995', 'recusado: saldo insuficiente'],
  ['4000 0000 0000 0259', 'análise antifraude manual, depois aprovado'],
  ['4000 0000 0000 0267', 'recusado pela análise antifraude'],
  ['4000 0000 0000 0119', 'primeira rota indisponível, aprovado pela segunda'],
];

function sandboxBanner(testCards: boolean): Html {
  return html`<aside class="sandbox" aria-label="Ambiente de testes">
  <p><strong>Ambiente de testes</strong>: nenhum valor é cobrado de verdade.</p>
  ${testCards && html`<details><summary>Cartões de teste</summary>
    <p>Qualquer validade futura e qualquer CVV de 3 dígitos.</p>
    <ul class="test-cards">${TEST_CARDS.map(([n, what]) => html`<li><code>${n}</code>: ${what}</li>`)}</ul>
  </details>`}
</aside>`;
}

export function page(o: PageOptions): string {
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="data:,">
<title>${o.title}</title>
${o.refreshSeconds !== undefined && html`<meta http-equiv="refresh" content="${o.refreshSeconds}">`}
<link rel="stylesheet" href="/assets/checkout.css?v=${ASSET_VERSION.css}">
<script src="/assets/checkout.js?v=${ASSET_VERSION.js}" defer></script>
</head>
<body${o.className ? html` class="${o.className}"` : ''}>
${o.mode === 'sandbox' && sandboxBanner(o.testCards ?? false)}
<main>
${o.body}
</main>
</body>
</html>
`.text;
}
