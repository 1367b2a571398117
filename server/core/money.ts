/**
 * An amount in cents as a language writes it in reais: `R$ 1.234,56` (pt-BR) or `R$1,234.56` (en), with plain spaces
 * (screen readers, text search and mail clients see ordinary ones, not U+00A0). The dashboard's pages and its e-mails.
 */
export function moneyIn(locale: 'pt-BR' | 'en', cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');
}
