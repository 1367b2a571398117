/**
 * The dashboard's words, in pt-BR (the default: the seed's merchants are Brazilian; words-pt.ts) and English
 * (words-en.ts). A key missing in a language is a type error, so both stay complete. The language is the person's choice (`?lang=` sets a cookie),
 * else their account's.
 */
import { moneyIn } from '../../core/money';
import { EN } from './words-en';
import { PT, type Words } from './words-pt';

export type Locale = 'pt-BR' | 'en';
export const LOCALES: readonly Locale[] = ['pt-BR', 'en'];

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
    paid: 'pago', won: 'ganha', lost: 'perdida', open: 'aberta', trialing: 'em teste', active: 'ativa', 'past-due': 'em atraso',
    paused: 'pausada', unpaid: 'não paga', expired: 'expirada', scheduled: 'agendado', billing: 'cobrando',
  },
  en: {
    pending: 'pending', 'pre-authorized': 'pre-authorized', approved: 'approved', failed: 'failed', refused: 'refused',
    canceled: 'canceled', refunded: 'refunded', chargeback: 'charged back', dispute: 'in dispute', 'fraud-review': 'fraud review',
    analyzing: 'analyzing', awaiting: 'awaiting payment', succeeded: 'succeeded', paid: 'paid', won: 'won', lost: 'lost', open: 'open',
    trialing: 'trialing', active: 'active', 'past-due': 'past due', paused: 'paused', unpaid: 'unpaid', expired: 'expired',
    scheduled: 'scheduled', billing: 'billing',
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
export const money: (locale: Locale, cents: number) => string = moneyIn;

export function when(locale: Locale, at: Date | string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(typeof at === 'string' ? new Date(at) : at);
}
