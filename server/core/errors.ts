/**
 * The one error catalogue (code → category, default message) and the typed error every layer throws. What an error
 * looks like on the wire (its HTTP status and the envelope) is decided in `http/errors.ts`; nothing below `http/`
 * knows a status code is rendered.
 */
import type { components } from '../../generated/schema';
import { ERROR_NAMED_KINDS, type ErrorNamedKind } from './resources';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorCategory = components['schemas']['ErrorCategory'];

/** The parts of the service an error is about when it is about no resource. */
export const SERVICE_PARTS = ['payorch', 'docs', 'client', 'server'] as const;

/**
 * Every value of an error's `resource`: the kind of the resource a code is about (the one a `404` did not find), from
 * the one registry (`core/resources.ts`), or the part of the service that answered (`client`, `server`, `payorch`,
 * `docs`). Closed, so a new spelling of an existing resource (`webhook` for `webhookEndpoint`) is a type error. The
 * spec's `Error` schema lists the same (a test compares).
 */
export type ErrorResource = ErrorNamedKind | (typeof SERVICE_PARTS)[number];

export const ERROR_RESOURCES: readonly ErrorResource[] = [...ERROR_NAMED_KINDS, ...SERVICE_PARTS];

interface CatalogueEntry {
  category: ErrorCategory;
  message: string;
  /** The resource every error of this code is about: the thrower cannot name another. */
  resource?: ErrorResource;
}

/** The codes of a missing path or resource of no one type. */
const GENERIC_NOT_FOUND = ['notFound', 'resourceNotFound'] as const satisfies readonly ErrorCode[];

/** The codes of a missing resource of one type (every `…NotFound` but the generic two): each names its resource. */
export type TypedNotFound = Exclude<Extract<ErrorCode, `${string}NotFound`>, (typeof GENERIC_NOT_FOUND)[number]>;

export function isTypedNotFound(code: ErrorCode): code is TypedNotFound {
  return code.endsWith('NotFound') && !(GENERIC_NOT_FOUND as readonly ErrorCode[]).includes(code);
}

type Catalogue = { [C in ErrorCode]: C extends TypedNotFound ? CatalogueEntry & { resource: ErrorResource } : CatalogueEntry };

/**
 * Every code of the spec's closed catalogue; a code added to the spec is a type error here until it is listed, and a
 * new `…NotFound` code until it names its resource.
 */
export const CATALOGUE = {
  invalidParameters: { category: 'validation', message: 'The request has invalid parameters.' },
  validationError: { category: 'validation', message: 'The request body is not a valid JSON object.' },
  malformedRequest: { category: 'client', message: 'The request is not valid HTTP/1.1.' },
  unauthorized: { category: 'authentication', message: 'A valid ServiceKey header is required.' },
  paymentDeclined: { category: 'payment', message: 'The payment was declined.' },
  insufficientFundsError: { category: 'payment', message: 'The payment method has insufficient funds.' },
  forbidden: { category: 'authorization', message: 'This key is not allowed to do this.' },
  sandboxOnly: { category: 'authorization', message: 'This operation needs a sandbox key.' },
  notFound: { category: 'client', message: 'No such path.' },
  resourceNotFound: { category: 'client', message: 'No such resource.' },
  transactionNotFound: { category: 'client', message: 'Transaction not found.', resource: 'transaction' },
  customerNotFound: { category: 'client', message: 'Customer not found.', resource: 'customer' },
  addressNotFound: { category: 'client', message: 'Address not found.', resource: 'address' },
  walletNotFound: { category: 'client', message: 'Wallet not found.', resource: 'wallet' },
  variantNotFound: { category: 'client', message: 'Variant not found.', resource: 'variant' },
  productNotFound: { category: 'client', message: 'Product not found.', resource: 'product' },
  subscriptionNotFound: { category: 'client', message: 'Subscription not found.', resource: 'subscription' },
  subscriptionSplitNotFound: { category: 'client', message: 'Subscription split not found.', resource: 'subscriptionSplit' },
  paymentLinkNotFound: { category: 'client', message: 'Payment link not found.', resource: 'paymentLink' },
  webhookNotFound: { category: 'client', message: 'Webhook endpoint not found.', resource: 'webhookEndpoint' },
  webhookEventNotFound: { category: 'client', message: 'Webhook event not found.', resource: 'webhookEvent' },
  withdrawalNotFound: { category: 'client', message: 'Withdrawal not found.', resource: 'withdrawal' },
  sandboxClockNotFound: { category: 'client', message: 'Sandbox clock not found.', resource: 'clock' },
  methodNotAllowed: { category: 'client', message: 'Method not allowed on this path.' },
  sandboxClockBusy: { category: 'client', message: 'The sandbox clock is being advanced by another request.', resource: 'clock' },
  sandboxClockTimeInvalid: { category: 'validation', message: 'The sandbox clock cannot take this time.', resource: 'clock' },
  sandboxClockTooManyJobs: { category: 'validation', message: 'Too many jobs fell due in one advance of the sandbox clock.', resource: 'clock' },
  subscriptionNotAttachable: { category: 'validation', message: 'The subscription cannot be attached to this clock.', resource: 'subscription' },
  idempotencyMismatch: {
    category: 'client',
    message: 'This idempotency key was used with a different request.',
  },
  idempotencyInProgress: {
    category: 'client',
    message: 'The first request with this idempotency key is still being processed.',
  },
  customerAlreadyExists: {
    category: 'client',
    message: 'Another customer already has this document.',
    resource: 'customer',
  },
  walletAlreadyExists: { category: 'client', message: 'This bank account is already registered.', resource: 'wallet' },
  webhookEndpointAlreadyExists: {
    category: 'client',
    message: 'An endpoint with this URL is already registered.',
    resource: 'webhookEndpoint',
  },
  requestTimeout: { category: 'client', message: 'The request did not arrive in time.' },
  payloadTooLarge: { category: 'client', message: 'The request body is too large.' },
  headersTooLarge: { category: 'client', message: 'The request headers are too large.' },
  unprocessableEntity: { category: 'validation', message: 'The request cannot be processed.' },
  invalidDocument: { category: 'validation', message: 'The document number is not valid.' },
  invalidCard: { category: 'validation', message: 'The card is not valid.' },
  itemsTotalMismatch: { category: 'validation', message: 'The items do not add up to the amount.' },
  invalidTransition: { category: 'validation', message: 'The transaction status does not allow this.' },
  captureAmountInvalid: { category: 'validation', message: 'The capture amount is not valid.' },
  invalidPricing: { category: 'validation', message: 'The pricing of the variant is not consistent.' },
  productDisabled: { category: 'validation', message: 'The product is disabled.' },
  variantDisabled: { category: 'validation', message: 'The variant is disabled.' },
  variantNotRecurring: { category: 'validation', message: 'The variant does not have a recurring price.' },
  refundAmountInvalid: { category: 'validation', message: 'The refund amount is not valid.' },
  splitPercentageExceeded: { category: 'validation', message: 'The splits would exceed 100%.' },
  walletHasPendingWithdrawals: {
    category: 'validation',
    message: 'The wallet has pending withdrawals.',
    resource: 'wallet',
  },
  insufficientBalance: { category: 'validation', message: 'The available balance is less than the amount asked.' },
  webhookEndpointNotAllowed: {
    category: 'validation',
    message: 'This endpoint address is not allowed.',
    resource: 'webhookEndpoint',
  },
  providerNotConfigured: {
    category: 'validation',
    message: 'No payment provider is configured for this mode.',
    resource: 'payorch',
  },
  tooManyRequests: { category: 'rate_limit', message: 'Too many requests; retry after Retry-After.' },
  serverError: { category: 'server', message: 'An unexpected error happened.' },
  notImplemented: { category: 'server', message: 'This operation is not implemented yet.' },
  providerUnavailable: { category: 'server', message: 'Every payment route is unavailable.', resource: 'payorch' },
  docsNotBuilt: { category: 'server', message: 'The API reference page is not built: run `npm run docs`.', resource: 'docs' },
} as const satisfies Catalogue;

/** The codes whose catalogue entry names their resource. */
export type FixedResourceCode = { [C in ErrorCode]: (typeof CATALOGUE)[C] extends { resource: ErrorResource } ? C : never }[ErrorCode];

interface BaseOptions {
  message?: string;
  details?: string;
  params?: Record<string, string>[];
  /** Response headers the HTTP edge adds to the answer (`Allow`, `Retry-After`); only `http/` sets them. */
  headers?: Record<string, string>;
}

/** Options of an error whose code names its resource in the catalogue: naming another is a type error. */
export type FixedResourceOptions = BaseOptions & { resource?: never };

export interface ApiErrorOptions extends BaseOptions {
  /** The resource the error is about; without it, the part of the service that answered (`client`, `server`). */
  resource?: ErrorResource;
}

/** The error handlers and services throw; anything else that reaches the renderer is a 500. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly resource: ErrorResource;
  readonly details: string | undefined;
  readonly params: Record<string, string>[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: FixedResourceCode, options?: FixedResourceOptions);
  constructor(code: Exclude<ErrorCode, FixedResourceCode>, options?: ApiErrorOptions);
  /** A code known only at run time: its resource is the catalogue's when it names one. */
  constructor(code: ErrorCode, options?: FixedResourceOptions);
  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? CATALOGUE[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.resource = resourceOf(code, options.resource);
    this.details = options.details;
    this.params = options.params;
    this.headers = options.headers ?? {};
  }
}

/** The catalogue's resource of `code` when it names one (it wins over any other), else `given`, else who answered. */
export function resourceOf(code: ErrorCode, given?: ErrorResource): ErrorResource {
  const entry: CatalogueEntry = CATALOGUE[code];
  return entry.resource ?? given ?? (entry.category === 'server' ? 'server' : 'client');
}
