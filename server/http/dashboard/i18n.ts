/**
 * The dashboard's words, in pt-BR (the default: the seed's merchants are Brazilian) and English. A key missing in a
 * language is a type error, so both stay complete. The language is the person's choice (`?lang=` sets a cookie),
 * else their account's.
 */
export type Locale = 'pt-BR' | 'en';
export const LOCALES: readonly Locale[] = ['pt-BR', 'en'];

const PT = {
  appName: 'Painel',
  signIn: 'Entrar',
  signInTitle: 'Entrar no painel',
  email: 'E-mail',
  password: 'Senha',
  signOut: 'Sair',
  wrongCredentials: 'E-mail ou senha incorretos.',
  throttled: 'Muitas tentativas. Tente novamente em {minutes} min.',
  formExpired: 'O formulário expirou. Tente de novo.',
  home: 'Início',
  payments: 'Pagamentos',
  activity: 'Atividade',
  sandbox: 'Testes',
  production: 'Produção',
  modeLabel: 'Ambiente',
  switchTo: 'Mudar para {mode}',
  sandboxBanner: 'Ambiente de testes: nenhum valor é cobrado de verdade.',
  balanceAvailable: 'Saldo disponível',
  balancePending: 'A receber',
  recentPayments: 'Pagamentos recentes',
  needsAttention: 'Precisa de atenção',
  openDisputes: 'Disputas abertas: {n}',
  nothingNeedsAttention: 'Nada precisa de atenção agora.',
  approvalByMethod: 'Aprovação por meio de pagamento (últimos 30 dias)',
  method: 'Meio',
  status: 'Situação',
  amount: 'Valor',
  customer: 'Cliente',
  created: 'Criado em',
  id: 'ID',
  any: 'Todos',
  from: 'De',
  to: 'Até',
  filter: 'Filtrar',
  searchId: 'ID do pagamento',
  noPayments: 'Nenhum pagamento encontrado.',
  previous: 'Anterior',
  next: 'Próxima',
  pageOf: 'Página {page} · {total} pagamentos',
  payment: 'Pagamento',
  timeline: 'Histórico',
  receivables: 'Recebíveis',
  refunds: 'Reembolsos',
  disputes: 'Disputas',
  none: 'Nenhum.',
  refund: 'Reembolsar',
  refundAmount: 'Valor do reembolso (R$)',
  refundable: 'Reembolsável: {amount}',
  refundReason: 'Motivo',
  refundConfirm: 'Confirmo o reembolso deste valor ao cliente.',
  refundDone: 'Reembolso de {amount} solicitado.',
  processing: 'Seu pedido está sendo processado. Atualize a página em instantes.',
  actionRefused: 'Não foi possível: {message}',
  notAllowed: 'Seu papel não permite esta ação.',
  notFound: 'Não encontrado',
  notFoundText: 'Confira o endereço.',
  serverError: 'Algo deu errado',
  serverErrorText: 'Tente novamente. Se persistir, informe o código {id} ao suporte.',
  approved: 'Aprovado',
  total: 'Total',
  netAmount: 'Líquido',
  fee: 'Tarifa',
  dueAt: 'Previsto para',
  actor: 'Quem',
  action: 'Ação',
  target: 'Sobre',
  when: 'Quando',
  session: 'Sessão',
  address: 'Endereço IP',
  language: 'Idioma',
  role: 'Papel',
  skipToContent: 'Pular para o conteúdo',
  menu: 'Menu',
  approvalRate: 'Taxa de aprovação',
  volume: 'Volume aprovado',
  count: 'Pagamentos',
  reasonRequested: 'Pedido do cliente',
  reasonDuplicate: 'Cobrança duplicada',
  reasonFraud: 'Fraude',
  reasonOther: 'Outro',
  developers: 'Desenvolvedores',
  apiKeys: 'Chaves de API',
  keysIntro: 'As chaves do ambiente {mode}. O segredo de uma chave só é mostrado uma vez, ao criá-la.',
  key: 'Chave',
  ips: 'Endereços permitidos',
  anyAddress: 'qualquer',
  lastUsed: 'Último uso',
  never: 'nunca',
  actions: 'Ações',
  createKey: 'Criar chave',
  ipsHelp: 'Endereços IP ou blocos CIDR permitidos, um por linha (vazio: qualquer endereço)',
  keyCreated: 'Chave {id} criada. Copie agora: ela não será mostrada de novo.',
  roll: 'Trocar',
  rollGrace: 'A chave antiga funciona por',
  graceNow: 'nada (para já)',
  graceHour: '1 hora',
  graceDay: '24 horas',
  graceWeek: '7 dias',
  revoke: 'Revogar',
  revokeConfirm: 'Confirmo: esta chave deixa de funcionar agora.',
  formUsed: 'Este formulário já foi enviado; a ação foi feita uma vez. Veja a lista.',
  key_active: 'ativa',
  key_expiring: 'expirando',
  key_expired: 'expirada',
  key_revoked: 'revogada',
};

type Words = typeof PT;

const EN: Words = {
  appName: 'Dashboard',
  signIn: 'Sign in',
  signInTitle: 'Sign in to the dashboard',
  email: 'E-mail',
  password: 'Password',
  signOut: 'Sign out',
  wrongCredentials: 'Wrong e-mail or password.',
  throttled: 'Too many attempts. Try again in {minutes} min.',
  formExpired: 'The form expired. Please try again.',
  home: 'Home',
  payments: 'Payments',
  activity: 'Activity',
  sandbox: 'Sandbox',
  production: 'Production',
  modeLabel: 'Mode',
  switchTo: 'Switch to {mode}',
  sandboxBanner: 'Sandbox: no money is really charged.',
  balanceAvailable: 'Available balance',
  balancePending: 'Pending',
  recentPayments: 'Recent payments',
  needsAttention: 'Needs attention',
  openDisputes: 'Open disputes: {n}',
  nothingNeedsAttention: 'Nothing needs attention now.',
  approvalByMethod: 'Approval by payment method (last 30 days)',
  method: 'Method',
  status: 'Status',
  amount: 'Amount',
  customer: 'Customer',
  created: 'Created',
  id: 'ID',
  any: 'Any',
  from: 'From',
  to: 'To',
  filter: 'Filter',
  searchId: 'Payment ID',
  noPayments: 'No payments found.',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} · {total} payments',
  payment: 'Payment',
  timeline: 'Timeline',
  receivables: 'Receivables',
  refunds: 'Refunds',
  disputes: 'Disputes',
  none: 'None.',
  refund: 'Refund',
  refundAmount: 'Refund amount (R$)',
  refundable: 'Refundable: {amount}',
  refundReason: 'Reason',
  refundConfirm: 'I confirm refunding this amount to the customer.',
  refundDone: 'Refund of {amount} requested.',
  processing: 'Your request is being processed. Reload the page in a moment.',
  actionRefused: 'Could not do it: {message}',
  notAllowed: 'Your role does not allow this action.',
  notFound: 'Not found',
  notFoundText: 'Check the address.',
  serverError: 'Something went wrong',
  serverErrorText: 'Please try again. If it persists, give support the code {id}.',
  approved: 'Approved',
  total: 'Total',
  netAmount: 'Net',
  fee: 'Fee',
  dueAt: 'Due',
  actor: 'Who',
  action: 'Action',
  target: 'On',
  when: 'When',
  session: 'Session',
  address: 'IP address',
  language: 'Language',
  role: 'Role',
  skipToContent: 'Skip to content',
  menu: 'Menu',
  approvalRate: 'Approval rate',
  volume: 'Approved volume',
  count: 'Payments',
  reasonRequested: 'Customer request',
  reasonDuplicate: 'Duplicate charge',
  reasonFraud: 'Fraud',
  reasonOther: 'Other',
  developers: 'Developers',
  apiKeys: 'API keys',
  keysIntro: 'The keys of {mode}. A key\'s secret is shown once, when it is created.',
  key: 'Key',
  ips: 'Allowed addresses',
  anyAddress: 'any',
  lastUsed: 'Last used',
  never: 'never',
  actions: 'Actions',
  createKey: 'Create key',
  ipsHelp: 'Allowed IP addresses or CIDR blocks, one per line (empty: any address)',
  keyCreated: 'Key {id} created. Copy it now: it will not be shown again.',
  roll: 'Roll',
  rollGrace: 'The old key keeps working for',
  graceNow: 'no time (stops now)',
  graceHour: '1 hour',
  graceDay: '24 hours',
  graceWeek: '7 days',
  revoke: 'Revoke',
  revokeConfirm: 'I confirm: this key stops working now.',
  formUsed: 'This form was already sent; its action was done once. See the list.',
  key_active: 'active',
  key_expiring: 'expiring',
  key_expired: 'expired',
  key_revoked: 'revoked',
};

const WORDS: Record<Locale, Words> = { 'pt-BR': PT, en: EN };

export type WordKey = keyof Words;

/** The words of `locale`, with `{name}` placeholders filled from `vars`. */
export function translator(locale: Locale): (key: WordKey, vars?: Record<string, string | number>) => string {
  const words = WORDS[locale];
  return (key, vars) => words[key].replace(/\{(\w+)\}/g, (_m, name: string) => String(vars?.[name] ?? `{${name}}`));
}

export function isLocale(v: unknown): v is Locale {
  return v === 'pt-BR' || v === 'en';
}

const STATUS: Record<Locale, Record<string, string>> = {
  'pt-BR': {
    pending: 'pendente', 'pre-authorized': 'pré-autorizado', approved: 'aprovado', failed: 'falhou', refused: 'recusado',
    canceled: 'cancelado', refunded: 'reembolsado', chargeback: 'estornado (chargeback)', dispute: 'em disputa',
    'fraud-review': 'em análise antifraude', analyzing: 'em análise', awaiting: 'aguardando pagamento', succeeded: 'concluído',
    paid: 'pago', won: 'ganha', lost: 'perdida', open: 'aberta',
  },
  en: {
    pending: 'pending', 'pre-authorized': 'pre-authorized', approved: 'approved', failed: 'failed', refused: 'refused',
    canceled: 'canceled', refunded: 'refunded', chargeback: 'charged back', dispute: 'in dispute', 'fraud-review': 'fraud review',
    analyzing: 'analyzing', awaiting: 'awaiting payment', succeeded: 'succeeded', paid: 'paid', won: 'won', lost: 'lost', open: 'open',
  },
};

/** A status of the API in the person's language (the API's own word when there is no translation). */
export function statusWord(locale: Locale, status: string): string {
  return STATUS[locale][status] ?? status;
}

const METHOD: Record<Locale, Record<string, string>> = {
  'pt-BR': { pix: 'PIX', credit: 'Cartão de crédito', billet: 'Boleto' },
  en: { pix: 'PIX', credit: 'Credit card', billet: 'Boleto' },
};

export function methodWord(locale: Locale, method: string): string {
  return METHOD[locale][method] ?? method;
}

/** Cents as typed in the refund field: `104,50` or `104.50` (centsOf in payments.ts reads both). */
export function typedAmount(locale: Locale, cents: number): string {
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return locale === 'pt-BR' ? text.replace('.', ',') : text;
}

/** Amounts as the person's language writes them: `R$ 1.234,56` or `R$1,234.56`. */
export function money(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');
}

export function when(locale: Locale, at: Date | string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(typeof at === 'string' ? new Date(at) : at);
}
