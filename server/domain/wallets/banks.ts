/**
 * The banks a wallet may name: three-digit COMPE code → the name the service returns as `bankName`.
 * The main Brazilian banks, payment institutions and cooperative banks; a code missing here is
 * `422 unprocessableEntity` on registration (the spec's decision: the name is derived, never sent).
 */
const BANKS: Readonly<Record<string, string>> = {
  '001': 'Banco do Brasil S.A.',
  '003': 'Banco da Amazônia S.A.',
  '004': 'Banco do Nordeste do Brasil S.A.',
  '021': 'Banestes S.A. Banco do Estado do Espírito Santo',
  '033': 'Banco Santander (Brasil) S.A.',
  '037': 'Banco do Estado do Pará S.A. (Banpará)',
  '041': 'Banco do Estado do Rio Grande do Sul S.A. (Banrisul)',
  '047': 'Banco do Estado de Sergipe S.A. (Banese)',
  '070': 'BRB - Banco de Brasília S.A.',
  '077': 'Banco Inter S.A.',
  '085': 'Cooperativa Central de Crédito (Ailos)',
  '104': 'Caixa Econômica Federal',
  '121': 'Banco Agibank S.A.',
  '136': 'Unicred do Brasil',
  '197': 'Stone Instituição de Pagamento S.A.',
  '208': 'Banco BTG Pactual S.A.',
  '212': 'Banco Original S.A.',
  '237': 'Banco Bradesco S.A.',
  '246': 'Banco ABC Brasil S.A.',
  '260': 'Nu Pagamentos S.A.',
  '290': 'PagSeguro Internet S.A.',
  '318': 'Banco BMG S.A.',
  '323': 'Mercado Pago Instituição de Pagamento Ltda.',
  '336': 'Banco C6 S.A.',
  '341': 'Itaú Unibanco S.A.',
  '348': 'Banco XP S.A.',
  '380': 'PicPay Instituição de Pagamento S.A.',
  '389': 'Banco Mercantil do Brasil S.A.',
  '422': 'Banco Safra S.A.',
  '623': 'Banco Pan S.A.',
  '633': 'Banco Rendimento S.A.',
  '637': 'Banco Sofisa S.A.',
  '655': 'Banco Votorantim S.A.',
  '707': 'Banco Daycoval S.A.',
  '745': 'Banco Citibank S.A.',
  '748': 'Banco Cooperativo Sicredi S.A.',
  '756': 'Banco Cooperativo Sicoob S.A.',
};

/** The name of the bank with this COMPE code, or null when the service does not know it. */
export function bankName(code: string): string | null {
  return Object.hasOwn(BANKS, code) ? BANKS[code]! : null;
}
