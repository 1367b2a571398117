/**
 * `GET /v1/account`: the fake's own Brazilian account, able to take card, boleto and Pix payments in BRL.
 */
import { nowSeconds } from './ids';
import { ok, type Route } from './route';

/** The fields of the Account object a payments integration reads; the rest of Stripe's Account is left out. */
export interface FakeAccount {
  id: string;
  object: 'account';
  business_profile: { name: string; url: string | null; mcc: string | null; support_email: string | null };
  business_type: 'company';
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string;
  metadata: Record<string, string>;
  payouts_enabled: boolean;
  settings: { dashboard: { display_name: string; timezone: string }; payments: { statement_descriptor: string } };
  type: 'standard';
}

export function makeAccount(id: string): FakeAccount {
  return {
    id,
    object: 'account',
    business_profile: { name: 'Fake Stripe Brasil', url: null, mcc: '5734', support_email: null },
    business_type: 'company',
    capabilities: { card_payments: 'active', transfers: 'active', boleto_payments: 'active', pix_payments: 'active' },
    charges_enabled: true,
    country: 'BR',
    created: nowSeconds(),
    default_currency: 'brl',
    details_submitted: true,
    email: 'fake-stripe@example.com',
    metadata: {},
    payouts_enabled: true,
    settings: { dashboard: { display_name: 'Fake Stripe Brasil', timezone: 'America/Sao_Paulo' }, payments: { statement_descriptor: 'FAKE STRIPE' } },
    type: 'standard',
  };
}

export function accountRoutes(account: FakeAccount): Route[] {
  return [
    {
      method: 'GET',
      path: /^\/v1\/account$/,
      handle: (ctx) => {
        ctx.params.only(['expand']);
        return ok(structuredClone(account));
      },
    },
  ];
}
