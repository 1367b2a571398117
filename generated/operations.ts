// generated — do not edit. Source: spec/ (hand-written OpenAPI 3.1); regenerate with `npm run generate`.
import type { operations } from './schema';

export type OperationId = keyof operations;
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

type Op<O extends OperationId> = operations[O];
type Empty = Record<string, never>;
type Defined<T> = [T] extends [undefined] ? Empty : [T] extends [never] ? Empty : NonNullable<T>;

/** Path parameters of an operation (`{ transactionId: string }`). */
export type PathParamsOf<O extends OperationId> = Defined<Op<O>['parameters']['path']>;
/** Query parameters of an operation, after validation and coercion. */
export type QueryOf<O extends OperationId> = Defined<Op<O>['parameters']['query']>;
/** Request headers the operation declares. */
export type HeadersOf<O extends OperationId> = Defined<Op<O>['parameters']['header']>;
/** JSON request body (`undefined` when the operation takes none, optional when the body is optional). */
export type BodyOf<O extends OperationId> =
  Op<O> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Op<O> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : undefined;

type SuccessStatus<O extends OperationId> = Extract<keyof Op<O>['responses'], 200 | 201 | 202 | 204>;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** What a handler returns: one of the operation's documented success statuses with its body. */
export type SuccessOf<O extends OperationId> = {
  [S in SuccessStatus<O>]: { status: S; body: JsonOf<Op<O>['responses'][S]> };
}[SuccessStatus<O>];

/** The validated parts of a request, typed from the spec. */
export interface RequestOf<O extends OperationId> {
  params: PathParamsOf<O>;
  query: QueryOf<O>;
  headers: HeadersOf<O>;
  body: BodyOf<O>;
}

/** A handler: parses nothing (the validator did), calls one domain service, maps the result. */
export type Handler<O extends OperationId, Ctx> = (req: RequestOf<O>, ctx: Ctx) => Promise<SuccessOf<O>>;

export interface RouteDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly openapiPath: string;
  readonly operationId: OperationId;
  readonly tag: Tag;
  readonly source: 'seed' | 'added';
}

export type Tag = 'Transactions' | 'Sandbox' | 'Customers' | 'Addresses' | 'Balance' | 'Wallets' | 'Withdrawals' | 'Products' | 'Variants' | 'Subscriptions' | 'Checkouts' | 'Simulators' | 'Utils' | 'Webhooks' | 'Logs';

/** Every operation, literal paths before parameters so Express matches them first. */
export const routes = [
  { method: 'post', path: '/v1/addresses', openapiPath: '/v1/addresses', operationId: 'createAddress', tag: 'Addresses', source: 'added' },
  { method: 'get', path: '/v1/addresses/:addressId', openapiPath: '/v1/addresses/{addressId}', operationId: 'getAddress', tag: 'Addresses', source: 'added' },
  { method: 'put', path: '/v1/addresses/:addressId', openapiPath: '/v1/addresses/{addressId}', operationId: 'updateAddress', tag: 'Addresses', source: 'seed' },
  { method: 'delete', path: '/v1/addresses/:addressId', openapiPath: '/v1/addresses/{addressId}', operationId: 'deleteAddress', tag: 'Addresses', source: 'added' },
  { method: 'get', path: '/v1/balance', openapiPath: '/v1/balance', operationId: 'getBalance', tag: 'Balance', source: 'added' },
  { method: 'get', path: '/v1/checkouts/payment-links', openapiPath: '/v1/checkouts/payment-links', operationId: 'listPaymentLinks', tag: 'Checkouts', source: 'seed' },
  { method: 'post', path: '/v1/checkouts/payment-links', openapiPath: '/v1/checkouts/payment-links', operationId: 'createPaymentLink', tag: 'Checkouts', source: 'added' },
  { method: 'get', path: '/v1/checkouts/payment-links/:linkId', openapiPath: '/v1/checkouts/payment-links/{linkId}', operationId: 'getPaymentLink', tag: 'Checkouts', source: 'added' },
  { method: 'patch', path: '/v1/checkouts/payment-links/:linkId', openapiPath: '/v1/checkouts/payment-links/{linkId}', operationId: 'updatePaymentLink', tag: 'Checkouts', source: 'added' },
  { method: 'post', path: '/v1/checkouts/payment-links/:linkId/disable', openapiPath: '/v1/checkouts/payment-links/{linkId}/disable', operationId: 'disablePaymentLink', tag: 'Checkouts', source: 'added' },
  { method: 'post', path: '/v1/checkouts/payment-links/:linkId/enable', openapiPath: '/v1/checkouts/payment-links/{linkId}/enable', operationId: 'enablePaymentLink', tag: 'Checkouts', source: 'added' },
  { method: 'get', path: '/v1/checkouts/sessions/analytics', openapiPath: '/v1/checkouts/sessions/analytics', operationId: 'getCheckoutSessionAnalytics', tag: 'Checkouts', source: 'seed' },
  { method: 'get', path: '/v1/customers', openapiPath: '/v1/customers', operationId: 'listCustomers', tag: 'Customers', source: 'seed' },
  { method: 'post', path: '/v1/customers', openapiPath: '/v1/customers', operationId: 'createCustomer', tag: 'Customers', source: 'added' },
  { method: 'get', path: '/v1/customers/:customerId', openapiPath: '/v1/customers/{customerId}', operationId: 'getCustomer', tag: 'Customers', source: 'added' },
  { method: 'put', path: '/v1/customers/:customerId', openapiPath: '/v1/customers/{customerId}', operationId: 'updateCustomer', tag: 'Customers', source: 'added' },
  { method: 'get', path: '/v1/logs/requests', openapiPath: '/v1/logs/requests', operationId: 'listRequestLogs', tag: 'Logs', source: 'added' },
  { method: 'get', path: '/v1/logs/requests/stream', openapiPath: '/v1/logs/requests/stream', operationId: 'streamRequestLogs', tag: 'Logs', source: 'added' },
  { method: 'get', path: '/v1/products', openapiPath: '/v1/products', operationId: 'listProducts', tag: 'Products', source: 'added' },
  { method: 'post', path: '/v1/products', openapiPath: '/v1/products', operationId: 'createProduct', tag: 'Products', source: 'added' },
  { method: 'get', path: '/v1/products/:productId', openapiPath: '/v1/products/{productId}', operationId: 'getProduct', tag: 'Products', source: 'added' },
  { method: 'put', path: '/v1/products/:productId', openapiPath: '/v1/products/{productId}', operationId: 'updateProduct', tag: 'Products', source: 'added' },
  { method: 'post', path: '/v1/products/:productId/disable', openapiPath: '/v1/products/{productId}/disable', operationId: 'disableProduct', tag: 'Products', source: 'added' },
  { method: 'post', path: '/v1/products/:productId/enable', openapiPath: '/v1/products/{productId}/enable', operationId: 'enableProduct', tag: 'Products', source: 'added' },
  { method: 'post', path: '/v1/sandbox/clock', openapiPath: '/v1/sandbox/clock', operationId: 'createSandboxClockAtClockPath', tag: 'Sandbox', source: 'added' },
  { method: 'get', path: '/v1/sandbox/clocks', openapiPath: '/v1/sandbox/clocks', operationId: 'listSandboxClocks', tag: 'Sandbox', source: 'added' },
  { method: 'post', path: '/v1/sandbox/clocks', openapiPath: '/v1/sandbox/clocks', operationId: 'createSandboxClock', tag: 'Sandbox', source: 'added' },
  { method: 'get', path: '/v1/sandbox/clocks/:clockId', openapiPath: '/v1/sandbox/clocks/{clockId}', operationId: 'getSandboxClock', tag: 'Sandbox', source: 'added' },
  { method: 'post', path: '/v1/sandbox/clocks/:clockId/advance', openapiPath: '/v1/sandbox/clocks/{clockId}/advance', operationId: 'advanceSandboxClock', tag: 'Sandbox', source: 'added' },
  { method: 'post', path: '/v1/sandbox/clocks/:clockId/subscriptions', openapiPath: '/v1/sandbox/clocks/{clockId}/subscriptions', operationId: 'attachSandboxClockSubscription', tag: 'Sandbox', source: 'added' },
  { method: 'get', path: '/v1/sandbox/events/stream', openapiPath: '/v1/sandbox/events/stream', operationId: 'streamSandboxEvents', tag: 'Sandbox', source: 'added' },
  { method: 'post', path: '/v1/sandbox/transactions/:transactionId/simulate', openapiPath: '/v1/sandbox/transactions/{transactionId}/simulate', operationId: 'simulateSandboxTransaction', tag: 'Sandbox', source: 'added' },
  { method: 'post', path: '/v1/sandbox/withdrawals/:withdrawalId/simulate', openapiPath: '/v1/sandbox/withdrawals/{withdrawalId}/simulate', operationId: 'simulateSandboxWithdrawal', tag: 'Sandbox', source: 'added' },
  { method: 'get', path: '/v1/simulators/payment-methods', openapiPath: '/v1/simulators/payment-methods', operationId: 'simulatePaymentMethod', tag: 'Simulators', source: 'seed' },
  { method: 'get', path: '/v1/subscriptions', openapiPath: '/v1/subscriptions', operationId: 'listSubscriptions', tag: 'Subscriptions', source: 'added' },
  { method: 'post', path: '/v1/subscriptions', openapiPath: '/v1/subscriptions', operationId: 'createSubscription', tag: 'Subscriptions', source: 'added' },
  { method: 'get', path: '/v1/subscriptions/:subscriptionId', openapiPath: '/v1/subscriptions/{subscriptionId}', operationId: 'getSubscription', tag: 'Subscriptions', source: 'added' },
  { method: 'post', path: '/v1/subscriptions/:subscriptionId/cancel', openapiPath: '/v1/subscriptions/{subscriptionId}/cancel', operationId: 'cancelSubscription', tag: 'Subscriptions', source: 'added' },
  { method: 'get', path: '/v1/subscriptions/:subscriptionId/cycles', openapiPath: '/v1/subscriptions/{subscriptionId}/cycles', operationId: 'listSubscriptionCycles', tag: 'Subscriptions', source: 'seed' },
  { method: 'post', path: '/v1/subscriptions/:subscriptionId/pause', openapiPath: '/v1/subscriptions/{subscriptionId}/pause', operationId: 'pauseSubscription', tag: 'Subscriptions', source: 'added' },
  { method: 'put', path: '/v1/subscriptions/:subscriptionId/payment-method', openapiPath: '/v1/subscriptions/{subscriptionId}/payment-method', operationId: 'updateSubscriptionPaymentMethod', tag: 'Subscriptions', source: 'added' },
  { method: 'post', path: '/v1/subscriptions/:subscriptionId/resume', openapiPath: '/v1/subscriptions/{subscriptionId}/resume', operationId: 'resumeSubscription', tag: 'Subscriptions', source: 'added' },
  { method: 'get', path: '/v1/subscriptions/:subscriptionId/splits', openapiPath: '/v1/subscriptions/{subscriptionId}/splits', operationId: 'listSubscriptionSplits', tag: 'Subscriptions', source: 'added' },
  { method: 'post', path: '/v1/subscriptions/:subscriptionId/splits', openapiPath: '/v1/subscriptions/{subscriptionId}/splits', operationId: 'createSubscriptionSplit', tag: 'Subscriptions', source: 'added' },
  { method: 'delete', path: '/v1/subscriptions/:subscriptionId/splits', openapiPath: '/v1/subscriptions/{subscriptionId}/splits', operationId: 'deleteSubscriptionSplit', tag: 'Subscriptions', source: 'seed' },
  { method: 'put', path: '/v1/subscriptions/:subscriptionId/splits/:splitId', openapiPath: '/v1/subscriptions/{subscriptionId}/splits/{splitId}', operationId: 'updateSubscriptionSplit', tag: 'Subscriptions', source: 'seed' },
  { method: 'get', path: '/v1/transactions', openapiPath: '/v1/transactions', operationId: 'listTransactions', tag: 'Transactions', source: 'seed' },
  { method: 'post', path: '/v1/transactions', openapiPath: '/v1/transactions', operationId: 'createTransaction', tag: 'Transactions', source: 'seed' },
  { method: 'get', path: '/v1/transactions/:transactionId', openapiPath: '/v1/transactions/{transactionId}', operationId: 'getTransaction', tag: 'Transactions', source: 'seed' },
  { method: 'post', path: '/v1/transactions/:transactionId/cancel', openapiPath: '/v1/transactions/{transactionId}/cancel', operationId: 'cancelTransaction', tag: 'Transactions', source: 'added' },
  { method: 'post', path: '/v1/transactions/:transactionId/capture', openapiPath: '/v1/transactions/{transactionId}/capture', operationId: 'captureTransaction', tag: 'Transactions', source: 'seed' },
  { method: 'post', path: '/v1/transactions/:transactionId/refunds', openapiPath: '/v1/transactions/{transactionId}/refunds', operationId: 'createTransactionRefund', tag: 'Transactions', source: 'added' },
  { method: 'get', path: '/v1/utils/roles-of-user', openapiPath: '/v1/utils/roles-of-user', operationId: 'listRolesOfUser', tag: 'Utils', source: 'seed' },
  { method: 'get', path: '/v1/variants', openapiPath: '/v1/variants', operationId: 'listVariants', tag: 'Variants', source: 'added' },
  { method: 'post', path: '/v1/variants', openapiPath: '/v1/variants', operationId: 'createVariant', tag: 'Variants', source: 'added' },
  { method: 'get', path: '/v1/variants/:variantId', openapiPath: '/v1/variants/{variantId}', operationId: 'getVariant', tag: 'Variants', source: 'seed' },
  { method: 'put', path: '/v1/variants/:variantId', openapiPath: '/v1/variants/{variantId}', operationId: 'updateVariant', tag: 'Variants', source: 'added' },
  { method: 'post', path: '/v1/variants/:variantId/disable', openapiPath: '/v1/variants/{variantId}/disable', operationId: 'disableVariant', tag: 'Variants', source: 'added' },
  { method: 'post', path: '/v1/variants/:variantId/enable', openapiPath: '/v1/variants/{variantId}/enable', operationId: 'enableVariant', tag: 'Variants', source: 'added' },
  { method: 'get', path: '/v1/wallets', openapiPath: '/v1/wallets', operationId: 'listWallets', tag: 'Wallets', source: 'seed' },
  { method: 'post', path: '/v1/wallets', openapiPath: '/v1/wallets', operationId: 'createWallet', tag: 'Wallets', source: 'added' },
  { method: 'get', path: '/v1/wallets/listall', openapiPath: '/v1/wallets/listall', operationId: 'listWalletsAll', tag: 'Wallets', source: 'seed' },
  { method: 'get', path: '/v1/wallets/:walletId', openapiPath: '/v1/wallets/{walletId}', operationId: 'getWallet', tag: 'Wallets', source: 'added' },
  { method: 'delete', path: '/v1/wallets/:walletId', openapiPath: '/v1/wallets/{walletId}', operationId: 'deleteWallet', tag: 'Wallets', source: 'seed' },
  { method: 'get', path: '/v1/webhooks', openapiPath: '/v1/webhooks', operationId: 'listWebhooks', tag: 'Webhooks', source: 'seed' },
  { method: 'post', path: '/v1/webhooks', openapiPath: '/v1/webhooks', operationId: 'createWebhook', tag: 'Webhooks', source: 'seed' },
  { method: 'post', path: '/v1/webhooks/endpoints', openapiPath: '/v1/webhooks/endpoints', operationId: 'createWebhookEndpoint', tag: 'Webhooks', source: 'seed' },
  { method: 'get', path: '/v1/webhooks/events', openapiPath: '/v1/webhooks/events', operationId: 'listWebhookEvents', tag: 'Webhooks', source: 'seed' },
  { method: 'get', path: '/v1/webhooks/events/:eventId', openapiPath: '/v1/webhooks/events/{eventId}', operationId: 'getWebhookEvent', tag: 'Webhooks', source: 'added' },
  { method: 'post', path: '/v1/webhooks/events/:eventId/redeliver', openapiPath: '/v1/webhooks/events/{eventId}/redeliver', operationId: 'redeliverWebhookEvent', tag: 'Webhooks', source: 'added' },
  { method: 'get', path: '/v1/webhooks/:webhookId', openapiPath: '/v1/webhooks/{webhookId}', operationId: 'getWebhook', tag: 'Webhooks', source: 'added' },
  { method: 'put', path: '/v1/webhooks/:webhookId', openapiPath: '/v1/webhooks/{webhookId}', operationId: 'updateWebhook', tag: 'Webhooks', source: 'added' },
  { method: 'delete', path: '/v1/webhooks/:webhookId', openapiPath: '/v1/webhooks/{webhookId}', operationId: 'deleteWebhook', tag: 'Webhooks', source: 'added' },
  { method: 'get', path: '/v1/withdrawals', openapiPath: '/v1/withdrawals', operationId: 'listWithdrawals', tag: 'Withdrawals', source: 'added' },
  { method: 'post', path: '/v1/withdrawals', openapiPath: '/v1/withdrawals', operationId: 'createWithdrawal', tag: 'Withdrawals', source: 'added' },
  { method: 'get', path: '/v1/withdrawals/:withdrawalId', openapiPath: '/v1/withdrawals/{withdrawalId}', operationId: 'getWithdrawal', tag: 'Withdrawals', source: 'added' },
] as const satisfies readonly RouteDef[];

/** Handlers of the Transactions tag. */
export interface TransactionsHandlers<Ctx> {
  /** GET /v1/transactions: List transactions */
  listTransactions: Handler<'listTransactions', Ctx>;
  /** POST /v1/transactions: Create a transaction */
  createTransaction: Handler<'createTransaction', Ctx>;
  /** GET /v1/transactions/{transactionId}: Read a transaction */
  getTransaction: Handler<'getTransaction', Ctx>;
  /** POST /v1/transactions/{transactionId}/cancel: Cancel a transaction */
  cancelTransaction: Handler<'cancelTransaction', Ctx>;
  /** POST /v1/transactions/{transactionId}/capture: Capture a pre-authorized card transaction */
  captureTransaction: Handler<'captureTransaction', Ctx>;
  /** POST /v1/transactions/{transactionId}/refunds: Refund a transaction */
  createTransactionRefund: Handler<'createTransactionRefund', Ctx>;
}

/** Handlers of the Sandbox tag. */
export interface SandboxHandlers<Ctx> {
  /** POST /v1/sandbox/clock: Create a sandbox test clock (the path) */
  createSandboxClockAtClockPath: Handler<'createSandboxClockAtClockPath', Ctx>;
  /** GET /v1/sandbox/clocks: List sandbox test clocks */
  listSandboxClocks: Handler<'listSandboxClocks', Ctx>;
  /** POST /v1/sandbox/clocks: Create a sandbox test clock */
  createSandboxClock: Handler<'createSandboxClock', Ctx>;
  /** GET /v1/sandbox/clocks/{clockId}: Read a sandbox test clock */
  getSandboxClock: Handler<'getSandboxClock', Ctx>;
  /** POST /v1/sandbox/clocks/{clockId}/advance: Advance a sandbox test clock */
  advanceSandboxClock: Handler<'advanceSandboxClock', Ctx>;
  /** POST /v1/sandbox/clocks/{clockId}/subscriptions: Attach a subscription to a sandbox test clock */
  attachSandboxClockSubscription: Handler<'attachSandboxClockSubscription', Ctx>;
  /** GET /v1/sandbox/events/stream: Stream the sandbox's webhook events as they happen */
  streamSandboxEvents: Handler<'streamSandboxEvents', Ctx>;
  /** POST /v1/sandbox/transactions/{transactionId}/simulate: Simulate the payer's or the network's side of a sandbox transaction */
  simulateSandboxTransaction: Handler<'simulateSandboxTransaction', Ctx>;
  /** POST /v1/sandbox/withdrawals/{withdrawalId}/simulate: Simulate the bank's answer to a sandbox withdrawal */
  simulateSandboxWithdrawal: Handler<'simulateSandboxWithdrawal', Ctx>;
}

/** Handlers of the Customers tag. */
export interface CustomersHandlers<Ctx> {
  /** GET /v1/customers: List customers */
  listCustomers: Handler<'listCustomers', Ctx>;
  /** POST /v1/customers: Create a customer */
  createCustomer: Handler<'createCustomer', Ctx>;
  /** GET /v1/customers/{customerId}: Read a customer */
  getCustomer: Handler<'getCustomer', Ctx>;
  /** PUT /v1/customers/{customerId}: Replace a customer */
  updateCustomer: Handler<'updateCustomer', Ctx>;
}

/** Handlers of the Addresses tag. */
export interface AddressesHandlers<Ctx> {
  /** POST /v1/addresses: Add an address to a customer */
  createAddress: Handler<'createAddress', Ctx>;
  /** GET /v1/addresses/{addressId}: Read an address */
  getAddress: Handler<'getAddress', Ctx>;
  /** PUT /v1/addresses/{addressId}: Replace an address */
  updateAddress: Handler<'updateAddress', Ctx>;
  /** DELETE /v1/addresses/{addressId}: Delete an address */
  deleteAddress: Handler<'deleteAddress', Ctx>;
}

/** Handlers of the Balance tag. */
export interface BalanceHandlers<Ctx> {
  /** GET /v1/balance: Read the balance */
  getBalance: Handler<'getBalance', Ctx>;
}

/** Handlers of the Wallets tag. */
export interface WalletsHandlers<Ctx> {
  /** GET /v1/wallets: List wallets */
  listWallets: Handler<'listWallets', Ctx>;
  /** POST /v1/wallets: Register a wallet */
  createWallet: Handler<'createWallet', Ctx>;
  /** GET /v1/wallets/listall: List all wallets as a bare array */
  listWalletsAll: Handler<'listWalletsAll', Ctx>;
  /** GET /v1/wallets/{walletId}: Read a wallet */
  getWallet: Handler<'getWallet', Ctx>;
  /** DELETE /v1/wallets/{walletId}: Delete a wallet */
  deleteWallet: Handler<'deleteWallet', Ctx>;
}

/** Handlers of the Withdrawals tag. */
export interface WithdrawalsHandlers<Ctx> {
  /** GET /v1/withdrawals: List withdrawals */
  listWithdrawals: Handler<'listWithdrawals', Ctx>;
  /** POST /v1/withdrawals: Withdraw to a wallet */
  createWithdrawal: Handler<'createWithdrawal', Ctx>;
  /** GET /v1/withdrawals/{withdrawalId}: Read a withdrawal */
  getWithdrawal: Handler<'getWithdrawal', Ctx>;
}

/** Handlers of the Products tag. */
export interface ProductsHandlers<Ctx> {
  /** GET /v1/products: List products */
  listProducts: Handler<'listProducts', Ctx>;
  /** POST /v1/products: Create a product */
  createProduct: Handler<'createProduct', Ctx>;
  /** GET /v1/products/{productId}: Read a product */
  getProduct: Handler<'getProduct', Ctx>;
  /** PUT /v1/products/{productId}: Replace a product */
  updateProduct: Handler<'updateProduct', Ctx>;
  /** POST /v1/products/{productId}/disable: Disable a product */
  disableProduct: Handler<'disableProduct', Ctx>;
  /** POST /v1/products/{productId}/enable: Enable a product */
  enableProduct: Handler<'enableProduct', Ctx>;
}

/** Handlers of the Variants tag. */
export interface VariantsHandlers<Ctx> {
  /** GET /v1/variants: List variants */
  listVariants: Handler<'listVariants', Ctx>;
  /** POST /v1/variants: Create a variant */
  createVariant: Handler<'createVariant', Ctx>;
  /** GET /v1/variants/{variantId}: Read a variant */
  getVariant: Handler<'getVariant', Ctx>;
  /** PUT /v1/variants/{variantId}: Replace a variant */
  updateVariant: Handler<'updateVariant', Ctx>;
  /** POST /v1/variants/{variantId}/disable: Disable a variant */
  disableVariant: Handler<'disableVariant', Ctx>;
  /** POST /v1/variants/{variantId}/enable: Enable a variant */
  enableVariant: Handler<'enableVariant', Ctx>;
}

/** Handlers of the Subscriptions tag. */
export interface SubscriptionsHandlers<Ctx> {
  /** GET /v1/subscriptions: List subscriptions */
  listSubscriptions: Handler<'listSubscriptions', Ctx>;
  /** POST /v1/subscriptions: Create a subscription */
  createSubscription: Handler<'createSubscription', Ctx>;
  /** GET /v1/subscriptions/{subscriptionId}: Read a subscription */
  getSubscription: Handler<'getSubscription', Ctx>;
  /** POST /v1/subscriptions/{subscriptionId}/cancel: Cancel a subscription */
  cancelSubscription: Handler<'cancelSubscription', Ctx>;
  /** GET /v1/subscriptions/{subscriptionId}/cycles: List the billing cycles of a subscription */
  listSubscriptionCycles: Handler<'listSubscriptionCycles', Ctx>;
  /** POST /v1/subscriptions/{subscriptionId}/pause: Pause a subscription */
  pauseSubscription: Handler<'pauseSubscription', Ctx>;
  /** PUT /v1/subscriptions/{subscriptionId}/payment-method: Change the payment method of a subscription */
  updateSubscriptionPaymentMethod: Handler<'updateSubscriptionPaymentMethod', Ctx>;
  /** POST /v1/subscriptions/{subscriptionId}/resume: Resume a subscription */
  resumeSubscription: Handler<'resumeSubscription', Ctx>;
  /** GET /v1/subscriptions/{subscriptionId}/splits: List the splits of a subscription */
  listSubscriptionSplits: Handler<'listSubscriptionSplits', Ctx>;
  /** POST /v1/subscriptions/{subscriptionId}/splits: Add a split to a subscription */
  createSubscriptionSplit: Handler<'createSubscriptionSplit', Ctx>;
  /** DELETE /v1/subscriptions/{subscriptionId}/splits: Remove a split from a subscription */
  deleteSubscriptionSplit: Handler<'deleteSubscriptionSplit', Ctx>;
  /** PUT /v1/subscriptions/{subscriptionId}/splits/{splitId}: Change a split of a subscription */
  updateSubscriptionSplit: Handler<'updateSubscriptionSplit', Ctx>;
}

/** Handlers of the Checkouts tag. */
export interface CheckoutsHandlers<Ctx> {
  /** GET /v1/checkouts/payment-links: List payment links */
  listPaymentLinks: Handler<'listPaymentLinks', Ctx>;
  /** POST /v1/checkouts/payment-links: Create a payment link */
  createPaymentLink: Handler<'createPaymentLink', Ctx>;
  /** GET /v1/checkouts/payment-links/{linkId}: Read a payment link */
  getPaymentLink: Handler<'getPaymentLink', Ctx>;
  /** PATCH /v1/checkouts/payment-links/{linkId}: Change a payment link */
  updatePaymentLink: Handler<'updatePaymentLink', Ctx>;
  /** POST /v1/checkouts/payment-links/{linkId}/disable: Disable a payment link */
  disablePaymentLink: Handler<'disablePaymentLink', Ctx>;
  /** POST /v1/checkouts/payment-links/{linkId}/enable: Enable a payment link */
  enablePaymentLink: Handler<'enablePaymentLink', Ctx>;
  /** GET /v1/checkouts/sessions/analytics: Read checkout session analytics */
  getCheckoutSessionAnalytics: Handler<'getCheckoutSessionAnalytics', Ctx>;
}

/** Handlers of the Simulators tag. */
export interface SimulatorsHandlers<Ctx> {
  /** GET /v1/simulators/payment-methods: Simulate the fees of a payment method */
  simulatePaymentMethod: Handler<'simulatePaymentMethod', Ctx>;
}

/** Handlers of the Utils tag. */
export interface UtilsHandlers<Ctx> {
  /** GET /v1/utils/roles-of-user: List the roles of API keys and the caller's role */
  listRolesOfUser: Handler<'listRolesOfUser', Ctx>;
}

/** Handlers of the Webhooks tag. */
export interface WebhooksHandlers<Ctx> {
  /** GET /v1/webhooks: List webhook endpoints */
  listWebhooks: Handler<'listWebhooks', Ctx>;
  /** POST /v1/webhooks: Register a webhook endpoint */
  createWebhook: Handler<'createWebhook', Ctx>;
  /** POST /v1/webhooks/endpoints: Register a webhook endpoint (alternative body) */
  createWebhookEndpoint: Handler<'createWebhookEndpoint', Ctx>;
  /** GET /v1/webhooks/events: List webhook events and their dispatches */
  listWebhookEvents: Handler<'listWebhookEvents', Ctx>;
  /** GET /v1/webhooks/events/{eventId}: Read a webhook event */
  getWebhookEvent: Handler<'getWebhookEvent', Ctx>;
  /** POST /v1/webhooks/events/{eventId}/redeliver: Deliver a webhook event again */
  redeliverWebhookEvent: Handler<'redeliverWebhookEvent', Ctx>;
  /** GET /v1/webhooks/{webhookId}: Read a webhook endpoint */
  getWebhook: Handler<'getWebhook', Ctx>;
  /** PUT /v1/webhooks/{webhookId}: Replace a webhook endpoint */
  updateWebhook: Handler<'updateWebhook', Ctx>;
  /** DELETE /v1/webhooks/{webhookId}: Delete a webhook endpoint */
  deleteWebhook: Handler<'deleteWebhook', Ctx>;
}

/** Handlers of the Logs tag. */
export interface LogsHandlers<Ctx> {
  /** GET /v1/logs/requests: List the recent requests of the key's mode */
  listRequestLogs: Handler<'listRequestLogs', Ctx>;
  /** GET /v1/logs/requests/stream: Stream the key's requests as they happen */
  streamRequestLogs: Handler<'streamRequestLogs', Ctx>;
}

/** Every handler of the API; the server must implement all of them. */
export interface Handlers<Ctx>
  extends TransactionsHandlers<Ctx>,
    SandboxHandlers<Ctx>,
    CustomersHandlers<Ctx>,
    AddressesHandlers<Ctx>,
    BalanceHandlers<Ctx>,
    WalletsHandlers<Ctx>,
    WithdrawalsHandlers<Ctx>,
    ProductsHandlers<Ctx>,
    VariantsHandlers<Ctx>,
    SubscriptionsHandlers<Ctx>,
    CheckoutsHandlers<Ctx>,
    SimulatorsHandlers<Ctx>,
    UtilsHandlers<Ctx>,
    WebhooksHandlers<Ctx>,
    LogsHandlers<Ctx> {}

/** operationIds per tag, for composing the app one tag at a time. */
export const operationsByTag = {
  'Transactions': ['listTransactions', 'createTransaction', 'getTransaction', 'cancelTransaction', 'captureTransaction', 'createTransactionRefund'],
  'Sandbox': ['createSandboxClockAtClockPath', 'listSandboxClocks', 'createSandboxClock', 'getSandboxClock', 'advanceSandboxClock', 'attachSandboxClockSubscription', 'streamSandboxEvents', 'simulateSandboxTransaction', 'simulateSandboxWithdrawal'],
  'Customers': ['listCustomers', 'createCustomer', 'getCustomer', 'updateCustomer'],
  'Addresses': ['createAddress', 'getAddress', 'updateAddress', 'deleteAddress'],
  'Balance': ['getBalance'],
  'Wallets': ['listWallets', 'createWallet', 'listWalletsAll', 'getWallet', 'deleteWallet'],
  'Withdrawals': ['listWithdrawals', 'createWithdrawal', 'getWithdrawal'],
  'Products': ['listProducts', 'createProduct', 'getProduct', 'updateProduct', 'disableProduct', 'enableProduct'],
  'Variants': ['listVariants', 'createVariant', 'getVariant', 'updateVariant', 'disableVariant', 'enableVariant'],
  'Subscriptions': ['listSubscriptions', 'createSubscription', 'getSubscription', 'cancelSubscription', 'listSubscriptionCycles', 'pauseSubscription', 'updateSubscriptionPaymentMethod', 'resumeSubscription', 'listSubscriptionSplits', 'createSubscriptionSplit', 'deleteSubscriptionSplit', 'updateSubscriptionSplit'],
  'Checkouts': ['listPaymentLinks', 'createPaymentLink', 'getPaymentLink', 'updatePaymentLink', 'disablePaymentLink', 'enablePaymentLink', 'getCheckoutSessionAnalytics'],
  'Simulators': ['simulatePaymentMethod'],
  'Utils': ['listRolesOfUser'],
  'Webhooks': ['listWebhooks', 'createWebhook', 'createWebhookEndpoint', 'listWebhookEvents', 'getWebhookEvent', 'redeliverWebhookEvent', 'getWebhook', 'updateWebhook', 'deleteWebhook'],
  'Logs': ['listRequestLogs', 'streamRequestLogs'],
} as const satisfies Record<Tag, readonly OperationId[]>;
