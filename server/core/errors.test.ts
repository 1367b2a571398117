/** The error catalogue's resources: a code about one resource type names it, whatever its thrower says. */
import { describe, expect, it } from 'vitest';
import { ApiError, CATALOGUE, ERROR_RESOURCES, isTypedNotFound, type ErrorCode, type ErrorResource } from './errors';

const codes = Object.keys(CATALOGUE) as ErrorCode[];

describe('the resource of an error', () => {
  it('is, for every code of a missing resource of one type, a resource type of the closed list', () => {
    const typed = codes.filter((c) => c.endsWith('NotFound') && c !== 'notFound' && c !== 'resourceNotFound');
    expect(typed.length).toBeGreaterThan(10);
    for (const code of typed) {
      const { resource } = new ApiError(code);
      expect(ERROR_RESOURCES, code).toContain(resource);
      expect(['client', 'server'], code).not.toContain(resource);
    }
  });

  it('is the catalogue\'s for a code that names one, even when a thrower names another', () => {
    expect(new ApiError('subscriptionNotFound').resource).toBe('subscription');
    expect(new ApiError('webhookNotFound').resource).toBe('webhookEndpoint');
    expect(new ApiError('webhookEndpointAlreadyExists').resource).toBe('webhookEndpoint');
    expect(new ApiError('walletHasPendingWithdrawals').resource).toBe('wallet');
    // @ts-expect-error: the compiler refuses another resource for a code whose catalogue entry names one
    expect(new ApiError('subscriptionNotFound', { resource: 'client' }).resource).toBe('subscription');
  });

  it('is the thrower\'s for a generic code, else the part of the service that answered', () => {
    expect(new ApiError('unprocessableEntity', { resource: 'checkout' }).resource).toBe('checkout');
    expect(new ApiError('unprocessableEntity').resource).toBe('client');
    expect(new ApiError('serverError').resource).toBe('server');
    expect(new ApiError('providerUnavailable').resource).toBe('payorch');
    // @ts-expect-error: a resource outside the closed list (the old spelling of webhookEndpoint) does not compile
    const drifted: ErrorResource = 'webhook';
    expect(ERROR_RESOURCES).not.toContain(drifted);
  });

  it('tells a missing resource of one type (rendered 404 without a status of its own) from the generic two', () => {
    expect(isTypedNotFound('notFound')).toBe(false);
    expect(isTypedNotFound('resourceNotFound')).toBe(false);
    expect(isTypedNotFound('sandboxClockBusy')).toBe(false);
    const typed = codes.filter(isTypedNotFound);
    expect(typed).toContain('webhookNotFound');
    for (const code of typed) expect(CATALOGUE[code], code).toHaveProperty('resource');
  });
});
