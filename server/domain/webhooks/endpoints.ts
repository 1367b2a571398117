/**
 * Webhook endpoints: registration in the seed's two shapes (one resource), reading, listing, full replacement and
 * deletion. The URL must pass the address rules of the key's mode (SSRF), and be the only live one of its merchant
 * and mode. The signing secret is made here, sealed at rest and shown once; the authorization value is sealed and
 * shown only masked. Disabling or deleting an endpoint cancels its pending dispatches in the same transaction.
 */
import type { components } from '../../../generated/schema';
import type { QueryOf } from '../../../generated/operations';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/types';
import type { Scope } from '../../core/tenancy';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import { newId } from '../../ids';
import { cancelOpen } from '../../webhooks/dispatches-repo';
import * as repo from '../../webhooks/endpoints-repo';
import type { Sealer } from '../../webhooks/sealer';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { newSecret } from '../../webhooks/signer';
import type { PrivateAddresses } from '../../config-values';
import { addressPolicy, checkUrl } from '../../webhooks/ssrf';

export type Endpoint = Omit<components['schemas']['WebhookEndpoint'], 'merchant' | '_links'>;
type CreateWebhookRequest = components['schemas']['CreateWebhookRequest'];
type CreateWebhookEndpointRequest = components['schemas']['CreateWebhookEndpointRequest'];
type UpdateWebhookRequest = components['schemas']['UpdateWebhookRequest'];
export type EndpointQuery = QueryOf<'listWebhooks'>;

export function webhookNotFound(id: string): ApiError {
  return new ApiError('webhookNotFound', { message: `Webhook endpoint ${id} was not found.` });
}

export function endpointView(row: repo.EndpointRow): Endpoint {
  return {
    id: row.id,
    name: row.name,
    endpoint: row.url,
    enabled: row.enabled,
    events: row.events,
    forceActive: row.force_active,
    headerAuthorizationType: row.auth_type,
    headerAuthorization: row.auth_hint,
    shotsQty: row.shots_qty,
    failedShotsQty: row.failed_shots_qty,
    lastDeliveryAt: row.last_delivery_at?.toISOString() ?? null,
    failingSince: row.failing_since?.toISOString() ?? null,
    disabledReason: row.disabled_reason,
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What registration needs of the service's webhook set-up: the sealer, and the operator's address setting. */
export interface EndpointServices {
  sealer: Sealer;
  settings: { privateAddresses: PrivateAddresses };
}

/**
 * The address rules of the mode: production needs a public `https` URL; sandbox may use `http`, and loopback or
 * private addresses unless the operator denies them.
 */
async function allowedUrl(scope: Scope, url: string, privateAddresses: PrivateAddresses): Promise<string> {
  // Credentials in the URL would be stored and shown in clear: they belong in the sealed authorization header.
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed && (parsed.username || parsed.password)) {
    throw new ApiError('invalidParameters', { params: [{ endpoint: 'must not carry a user or password; use headerAuthorization' }] });
  }
  const checked = await checkUrl(url, addressPolicy(scope.mode, privateAddresses));
  if (checked.ok) return url;
  throw new ApiError('webhookEndpointNotAllowed', {
    message: checked.message,
    params: [{ endpoint: checked.reason === 'scheme' ? 'must be an https URL' : 'must resolve to public addresses only' }],
  });
}

function sealAuth(sealer: Sealer, type: repo.AuthType | null | undefined, value: string | null | undefined): repo.EndpointValues['auth'] {
  if (!type || !value) return null;
  // The last 4 characters help tell values apart, but only of a value long enough for them to reveal little.
  return { type, sealed: sealer.seal(value), hint: value.length >= 12 ? `****${value.slice(-4)}` : '****' };
}

async function guardUrl<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err, repo.URL_CONSTRAINT)) throw err;
    throw new ApiError('webhookEndpointAlreadyExists', { message: 'An endpoint with this URL is already registered in this mode.' });
  }
}

/** What a registration asks for, whichever of the two shapes it came in. */
export interface Registration {
  name: string;
  url: string;
  events: repo.EndpointValues['events'];
  enabled: boolean;
  forceActive: boolean;
  authType: repo.AuthType | null;
  authValue: string | null;
  metadata: Record<string, string>;
}

/** `POST /v1/webhooks`. */
export function fromWebhookRequest(b: CreateWebhookRequest): Registration {
  return {
    name: b.name, url: b.endpoint, events: b.events, enabled: b.enabled ?? true, forceActive: b.forceActive ?? false,
    authType: b.headerAuthorizationType ?? null, authValue: b.headerAuthorization ?? null, metadata: b.metadata ?? {},
  };
}

/** `POST /v1/webhooks/endpoints`: `forceActivities` is `forceActive`, `authorization` the header pair. */
export function fromEndpointRequest(b: CreateWebhookEndpointRequest): Registration {
  return {
    name: b.name, url: b.endpoint, events: b.events, enabled: true, forceActive: b.forceActivities ?? false,
    authType: b.authorization?.type ?? null, authValue: b.authorization?.value ?? null, metadata: {},
  };
}

export async function registerEndpoint(
  db: Db,
  hooks: EndpointServices,
  scope: Scope,
  v: Registration,
  recovery: Recovery = NO_RECOVERY,
): Promise<Endpoint & { secret: string }> {
  const { sealer } = hooks;
  const url = await allowedUrl(scope, v.url, hooks.settings.privateAddresses);
  const secret = newSecret();
  const values: repo.EndpointValues = {
    name: v.name, url, events: v.events, enabled: v.enabled, forceActive: v.forceActive,
    auth: sealAuth(sealer, v.authType, v.authValue), metadata: v.metadata,
  };
  const id = newId('wbe');
  const row = await guardUrl(() =>
    db.transaction(async (q) => {
      await recovery.mark(q, { resource: 'webhookEndpoint', id, status: 201 });
      return repo.insertEndpoint(q, scope, id, values, sealer.seal(secret), new Date());
    }),
  );
  return { ...endpointView(row), secret };
}

/** A registered endpoint as its registration answered it, secret included (the recovery of a lost answer). */
export async function getRegistration(db: Db, hooks: EndpointServices, scope: Scope, id: string): Promise<Endpoint & { secret: string }> {
  const row = await repo.findEndpoint(db, scope, id);
  if (!row) throw webhookNotFound(id);
  return { ...endpointView(row), secret: hooks.sealer.open(row.secret_sealed) };
}

export async function getEndpoint(db: Db, scope: Scope, id: string): Promise<Endpoint> {
  const row = await repo.findEndpoint(db, scope, id);
  if (!row) throw webhookNotFound(id);
  return endpointView(row);
}

export async function listEndpoints(db: Db, scope: Scope, query: EndpointQuery) {
  const list = parseList(query, repo.SORTABLE, { resource: 'webhookEndpoint' });
  const filter: repo.ListFilter = { list, name: query.name, url: query.endpoint, status: query.status };
  const [rows, total] = await Promise.all([repo.listEndpoints(db, scope, filter), repo.countEndpoints(db, scope, filter)]);
  return { items: rows.map(endpointView), total, limit: list.limit, offset: list.offset };
}

/**
 * Full replacement. The authorization header is kept when both of its fields are omitted, removed when both are
 * null, replaced when both have values (the validator refuses one without the other). Switching off cancels the
 * pending dispatches; switching on clears the failure state.
 */
export async function updateEndpoint(
  db: Db,
  hooks: EndpointServices,
  scope: Scope,
  id: string,
  body: UpdateWebhookRequest,
  recovery: Recovery = NO_RECOVERY,
): Promise<Endpoint> {
  const { sealer } = hooks;
  // The validator sees both fields present; null for one and a value for the other is still half a header.
  if ((body.headerAuthorization === null) !== (body.headerAuthorizationType === null)) {
    const missing = body.headerAuthorization === null ? 'headerAuthorization' : 'headerAuthorizationType';
    throw new ApiError('invalidParameters', { params: [{ [missing]: 'must be null exactly when the other authorization field is' }] });
  }
  const url = await allowedUrl(scope, body.endpoint, hooks.settings.privateAddresses);
  const row = await guardUrl(() =>
    db.transaction(async (q) => {
      const current = await repo.findEndpoint(q, scope, id, true);
      if (!current) throw webhookNotFound(id);
      await recovery.mark(q, { resource: 'webhookEndpoint', id, status: 200 });
      const keep = body.headerAuthorizationType === undefined && body.headerAuthorization === undefined;
      const auth = keep
        ? current.auth_type && current.auth_sealed && current.auth_hint
          ? { type: current.auth_type, sealed: current.auth_sealed, hint: current.auth_hint }
          : null
        : sealAuth(sealer, body.headerAuthorizationType, body.headerAuthorization);
      const at = new Date();
      const next = await repo.replaceEndpoint(
        q,
        id,
        { name: body.name, url, events: body.events, enabled: body.enabled, forceActive: body.forceActive, auth, metadata: body.metadata ?? {} },
        at,
      );
      // Off: nothing more is sent. A new URL: what was made for the old one is not sent there with the new
      // credentials (redeliver to send earlier events to the new URL).
      if (!next.enabled || next.url !== current.url) await cancelOpen(q, id, at);
      return next;
    }),
  );
  return endpointView(row);
}

export async function deleteEndpoint(db: Db, scope: Scope, id: string): Promise<void> {
  await db.transaction(async (q) => {
    const current = await repo.findEndpoint(q, scope, id, true);
    if (!current) throw webhookNotFound(id);
    const at = new Date();
    await repo.softDeleteEndpoint(q, id, at);
    await cancelOpen(q, id, at);
  });
}
