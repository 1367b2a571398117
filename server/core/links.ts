/**
 * The `_links` of every resource, built here only: the API's answers and the events' `payload.object` (a customer,
 * a transaction) carry the same links for the same state. Paths are under the API's base address.
 */
import type { QueryOf } from '../../generated/operations';
import type { components } from '../../generated/schema';

export type Links = components['schemas']['Links'];
type Link = components['schemas']['Link'];
type TransactionStatus = components['schemas']['TransactionStatus'];

const get = (href: string, description: string): Link => ({ href, method: 'GET', description });
const post = (href: string, description: string): Link => ({ href, method: 'POST', description });

/** The `create` link a list adds to its page's links. */
export const CREATE = {
  customers: post('/v1/customers', 'Create a customer'),
  addresses: post('/v1/addresses', 'Add an address'),
  wallets: post('/v1/wallets', 'Register a wallet'),
  webhooks: post('/v1/webhooks', 'Register a webhook endpoint'),
  transactions: post('/v1/transactions', 'Create a transaction'),
  withdrawals: post('/v1/withdrawals', 'Withdraw to a wallet'),
  products: post('/v1/products', 'Create a product'),
  variants: post('/v1/variants', 'Create a variant'),
  subscriptions: post('/v1/subscriptions', 'Create a subscription'),
  paymentLinks: post('/v1/checkouts/payment-links', 'Create a payment link'),
} as const;

const LIST = {
  customers: get('/v1/customers', 'List customers'),
  wallets: get('/v1/wallets', 'List wallets'),
  webhooks: get('/v1/webhooks', 'List webhook endpoints'),
  events: get('/v1/webhooks/events', 'Delivery history'),
  transactions: get('/v1/transactions', 'List transactions'),
  withdrawals: get('/v1/withdrawals', 'List withdrawals'),
  products: get('/v1/products', 'List products'),
  variants: get('/v1/variants', 'List variants'),
  paymentLinks: get('/v1/checkouts/payment-links', 'List payment links'),
} as const;

export function customerLinks(id: string): Links {
  const href = `/v1/customers/${id}`;
  return {
    self: get(href, 'Read this customer'),
    update: { href, method: 'PUT', description: 'Replace this customer' },
    list: LIST.customers,
    addresses: post('/v1/addresses', 'Add an address to this customer'),
  };
}

/** The switch offered is the one that changes something: `disable` while enabled, `enable` while disabled. */
export function productLinks(p: { id: string; enabled: boolean }): Links {
  const href = `/v1/products/${p.id}`;
  const links: Links = { self: get(href, 'Read this product'), update: { href, method: 'PUT', description: 'Replace this product' } };
  if (p.enabled) links.disable = post(`${href}/disable`, 'Disable this product');
  else links.enable = post(`${href}/enable`, 'Enable this product');
  links.variants = get(`/v1/variants?productId=${p.id}`, 'List the variants of this product');
  links.list = LIST.products;
  return links;
}

export function variantLinks(v: { id: string; productId: string; enabled: boolean }): Links {
  const href = `/v1/variants/${v.id}`;
  const links: Links = { self: get(href, 'Read this variant'), update: { href, method: 'PUT', description: 'Replace this variant' } };
  if (v.enabled) links.disable = post(`${href}/disable`, 'Disable this variant');
  else links.enable = post(`${href}/enable`, 'Enable this variant');
  links.product = get(`/v1/products/${v.productId}`, 'Read the product of this variant');
  links.list = LIST.variants;
  return links;
}

/** As a product's: `disable` while enabled, `enable` while disabled; the link is changed with PATCH. */
export function paymentLinkLinks(l: { id: string; enabled: boolean }): Links {
  const href = `/v1/checkouts/payment-links/${l.id}`;
  const links: Links = { self: get(href, 'Read this payment link'), update: { href, method: 'PATCH', description: 'Change this payment link' } };
  if (l.enabled) links.disable = post(`${href}/disable`, 'Disable this payment link');
  else links.enable = post(`${href}/enable`, 'Enable this payment link');
  links.list = LIST.paymentLinks;
  return links;
}

export function addressLinks(a: { id: string; ownerId: string }): Links {
  const href = `/v1/addresses/${a.id}`;
  return {
    self: get(href, 'Read this address'),
    update: { href, method: 'PUT', description: 'Replace this address' },
    delete: { href, method: 'DELETE', description: 'Delete this address' },
    owner: get(`/v1/customers/${a.ownerId}`, 'Read the customer who owns this address'),
  };
}

export function deletedAddressLinks(ownerId: string): Links {
  return { owner: get(`/v1/customers/${ownerId}`, 'Read the customer who owned this address'), create: CREATE.addresses };
}

export function walletLinks(id: string): Links {
  const href = `/v1/wallets/${id}`;
  return { self: get(href, 'Read this wallet'), delete: { href, method: 'DELETE', description: 'Delete this wallet' }, list: LIST.wallets };
}

export function deletedWalletLinks(): Links {
  return { list: LIST.wallets, create: CREATE.wallets };
}

export function endpointLinks(id: string): Links {
  const href = `/v1/webhooks/${id}`;
  return {
    self: get(href, 'Read this webhook endpoint'),
    update: { href, method: 'PUT', description: 'Replace this webhook endpoint' },
    delete: { href, method: 'DELETE', description: 'Delete this webhook endpoint' },
    events: get(`/v1/webhooks/events?endpoint=${id}`, 'Delivery history of this endpoint'),
    list: LIST.webhooks,
  };
}

export function deletedEndpointLinks(): Links {
  return { list: LIST.webhooks, create: CREATE.webhooks };
}

export function eventLinks(id: string): Links {
  const href = `/v1/webhooks/events/${id}`;
  return { self: get(href, 'Read this event'), redeliver: post(`${href}/redeliver`, 'Deliver this event again'), list: LIST.events };
}

/** What can be done next depends on the status: capture a pre-authorization, cancel before settlement, refund after. */
export function transactionLinks(t: { id: string; status: TransactionStatus }): Links {
  const href = `/v1/transactions/${t.id}`;
  const links: Links = { self: get(href, 'Read this transaction'), list: LIST.transactions };
  if (t.status === 'pre-authorized') links.capture = post(`${href}/capture`, 'Capture this transaction');
  if (t.status === 'pending' || t.status === 'awaiting' || t.status === 'pre-authorized') {
    links.cancel = post(`${href}/cancel`, 'Cancel this transaction');
  }
  if (t.status === 'approved') links.refunds = post(`${href}/refunds`, 'Refund this transaction');
  return links;
}

export function balanceLinks(): Links {
  return { self: get('/v1/balance', 'This balance'), withdrawals: LIST.withdrawals, withdraw: CREATE.withdrawals };
}

export function withdrawalLinks(w: { id: string; walletId: string }): Links {
  return {
    self: get(`/v1/withdrawals/${w.id}`, 'Read this withdrawal'),
    wallet: get(`/v1/wallets/${w.walletId}`, 'Read the receiving wallet'),
    list: LIST.withdrawals,
  };
}

export function refundLinks(transactionId: string): Links {
  const href = `/v1/transactions/${transactionId}`;
  return { transaction: get(href, 'Read the refunded transaction'), refund: post(`${href}/refunds`, 'Refund more of this transaction') };
}

type SimulationQuery = QueryOf<'simulatePaymentMethod'>;
const SIMULATOR = '/v1/simulators/payment-methods';

/** The simulator's URL for `query`, parameters in the spec's order (amount, method, fee, installment, brand). */
function simulationHref(query: SimulationQuery, installment?: number): string {
  const qs = new URLSearchParams({ amount: String(query.amount), method: query.method });
  if (query.fee !== undefined) qs.set('fee', String(query.fee));
  if (installment !== undefined) qs.set('installment', String(installment));
  if (query.brand !== undefined) qs.set('brand', query.brand);
  return `${SIMULATOR}?${qs.toString()}`;
}

/**
 * `self` is the request in canonical form: the validator has filled in `installment`'s default, so 1 is left out
 * (as in the spec's examples). `installment` is the same in one installment, `installments` in `most`, the most
 * the method allows.
 */
export function simulationLinks(query: SimulationQuery, most: number): Links {
  const installment = query.installment === undefined || query.installment === 1 ? undefined : query.installment;
  return {
    self: get(simulationHref(query, installment), 'This simulation'),
    installment: get(simulationHref(query, 1), 'The same in a single installment'),
    installments: get(simulationHref(query, most), 'The same in the most installments the method allows'),
  };
}

export function rolesLinks(): Links {
  return { self: get('/v1/utils/roles-of-user', 'This catalogue') };
}

/** A page of a list: `self` at `offset`, `next` while more follow; the query's other parameters are kept. */
export function pageLinks(
  path: string,
  query: Record<string, unknown>,
  page: { offset: number; limit: number; next: number; hasMore: boolean },
  description: string,
): Links {
  const href = (o: number) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, offset: o, limit: page.limit })) {
      if (v !== undefined && v !== null) qs.set(k, String(v));
    }
    return `${path}?${qs.toString()}`;
  };
  const links: Links = { self: get(href(page.offset), description) };
  if (page.hasMore) links.next = get(href(page.next), 'Next page');
  return links;
}

/** The links of one split of a subscription (its create, update and read answers). */
export function subscriptionSplitLinks(subscriptionId: string, splitId: string): Links {
  const list = `/v1/subscriptions/${subscriptionId}/splits`;
  return {
    update: { href: `${list}/${splitId}`, method: 'PUT', description: 'Change this split' },
    delete: { href: `${list}?splitId=${splitId}`, method: 'DELETE', description: 'Remove this split' },
    list: get(list, 'List the splits of the subscription'),
  };
}

/** The links of a subscription's split collection (its list and the answer of a removal). */
export function subscriptionSplitsLinks(subscriptionId: string): Links {
  const list = `/v1/subscriptions/${subscriptionId}/splits`;
  return {
    self: get(list, 'List the splits of the subscription'),
    create: post(list, 'Add a split'),
    subscription: get(`/v1/subscriptions/${subscriptionId}`, 'Read the subscription'),
  };
}

type SubscriptionStatus = components['schemas']['SubscriptionStatus'];

/** A subscription's links: what its status allows (the actions of `SubscriptionStatus`'s table). */
export function subscriptionLinks(s: { id: string; status: SubscriptionStatus }): Links {
  const href = `/v1/subscriptions/${s.id}`;
  const links: Links = {
    self: get(href, 'Read this subscription'),
    cycles: get(`${href}/cycles`, 'List the billing cycles of this subscription'),
    splits: get(`${href}/splits`, 'List the splits of this subscription'),
  };
  if (s.status !== 'canceled' && s.status !== 'expired') {
    links.cancel = post(`${href}/cancel`, 'Cancel this subscription');
    links.paymentMethod = { href: `${href}/payment-method`, method: 'PUT', description: 'Change the payment method' };
  }
  if (s.status === 'active') links.pause = post(`${href}/pause`, 'Pause this subscription');
  if (s.status === 'paused') links.resume = post(`${href}/resume`, 'Resume this subscription');
  return links;
}

export function cycleLinks(c: { subscriptionId: string; transactionId: string | null }): Links {
  const links: Links = {};
  if (c.transactionId) links.transaction = get(`/v1/transactions/${c.transactionId}`, 'Read the transaction of this cycle');
  links.subscription = get(`/v1/subscriptions/${c.subscriptionId}`, 'Read the subscription');
  return links;
}

/** A checkout session's links: its payment link, and what the payer's latest payment in it made. */
export function checkoutSessionLinks(s: { paymentLinkId: string; transactionId: string | null; subscriptionId: string | null }): Links {
  const links: Links = { paymentLink: get(`/v1/checkouts/payment-links/${s.paymentLinkId}`, 'Read the payment link') };
  if (s.transactionId) links.transaction = get(`/v1/transactions/${s.transactionId}`, 'Read the latest transaction of the session');
  if (s.subscriptionId) links.subscription = get(`/v1/subscriptions/${s.subscriptionId}`, 'Read the subscription started in the session');
  return links;
}

/** The links of checkout session analytics: these figures (`self`, the period spelled out) and the payment links. */
export function checkoutAnalyticsLinks(period: { initdate: string; enddate: string }, sort: string): Links {
  const qs = new URLSearchParams({ initdate: period.initdate, enddate: period.enddate });
  if (sort !== 'date') qs.set('sort', sort);
  return {
    self: get(`/v1/checkouts/sessions/analytics?${qs.toString()}`, 'These figures'),
    paymentLinks: get('/v1/checkouts/payment-links', 'List payment links'),
  };
}
