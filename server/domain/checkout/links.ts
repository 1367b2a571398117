/**
 * Payment links through the merchant's API: create, read, list, change, disable and enable. Never deleted: a
 * disabled link shows payers a clear page, and its sessions and transactions keep pointing at it.
 */
import type { QueryOf } from '../../../generated/operations';
import { ApiError } from '../../core/errors';
import { parseList } from '../../core/lists';
import type { PublicUrls } from '../../core/public-urls';
import type { Scope } from '../../core/tenancy';
import type { Db, Queryable } from '../../db/types';
import { newId, randomBase62 } from '../../ids';
import { unchanged } from '../catalog/same';
import { NO_RECOVERY, type Recovery } from '../recovery';
import { linesOf } from './lines';
import {
  changedValues, checkItems, checkShape, creationValues, expiryChanged, requireOneOfItemsAndAmount, type CreateLinkInput, type UpdateLinkInput,
} from './link-input';
import * as repo from './links-repo';
import { linkListRecord, linkRecord, type LinkListRecord, type LinkRecord } from './links-view';

export type LinkQuery = QueryOf<'listPaymentLinks'>;

export function paymentLinkNotFound(id: string): ApiError {
  return new ApiError('paymentLinkNotFound', { message: `Payment link ${id} was not found.` });
}

/** The public access of a link: 24 base62 characters (142 bits), unrelated to its id. */
export function newAccessId(): string {
  return `acc_${randomBase62(24)}`;
}

/** The link as the API shows it: its lines at current prices and its availability, read now. */
async function recordOf(q: Queryable, urls: PublicUrls, row: repo.LinkRow): Promise<LinkRecord> {
  return linkRecord(row, await linesOf(q, row), urls, new Date());
}

export async function createLink(db: Db, urls: PublicUrls, scope: Scope, input: CreateLinkInput, recovery: Recovery = NO_RECOVERY): Promise<LinkRecord> {
  requireOneOfItemsAndAmount(input, true);
  const values = creationValues(input);
  const recurring = input.recurring ?? false;
  const at = new Date();
  checkShape(values, recurring, true, at);
  const row = await db.transaction(async (tx) => {
    if (values.items !== null) await checkItems(tx, scope, values.items, recurring);
    const inserted = await repo.insertLink(tx, scope, { id: newId('link'), accessId: newAccessId() }, values, recurring, at);
    await recovery.mark(tx, { resource: 'paymentLink', id: inserted.id, status: 201 });
    return inserted;
  });
  return recordOf(db, urls, row);
}

export async function getLink(q: Queryable, urls: PublicUrls, scope: Scope, id: string): Promise<LinkRecord> {
  const row = await repo.findLink(q, scope, id);
  if (!row) throw paymentLinkNotFound(id);
  return recordOf(q, urls, row);
}

export async function listLinks(
  db: Db,
  urls: PublicUrls,
  scope: Scope,
  query: LinkQuery,
): Promise<{ items: LinkListRecord[]; total: number; limit: number; offset: number }> {
  const filter: repo.LinkFilter = {
    list: parseList(query, repo.LINK_SORTABLE, { resource: 'paymentLink' }),
    enabled: query.status === undefined ? undefined : query.status === 'enabled',
    templateId: query.templateid,
  };
  const [rows, total] = await Promise.all([repo.listLinks(db, scope, filter), repo.countLinks(db, scope, filter)]);
  return { items: rows.map((r) => linkListRecord(r, urls)), total, limit: filter.list.limit, offset: filter.list.offset };
}

/**
 * A partial change (`UpdatePaymentLinkRequest`). The link is found (and locked) before its body is judged, so a
 * missing link is its 404 whatever the body says. A change that changes nothing writes nothing and keeps `updatedAt`.
 */
export async function updateLink(
  db: Db,
  urls: PublicUrls,
  scope: Scope,
  id: string,
  input: UpdateLinkInput,
  recovery: Recovery = NO_RECOVERY,
): Promise<LinkRecord> {
  requireOneOfItemsAndAmount(input, false);
  const row = await db.transaction(async (tx) => {
    const current = await repo.findLink(tx, scope, id, true);
    if (!current) throw paymentLinkNotFound(id);
    const values = changedValues(current, input);
    const at = new Date();
    checkShape(values, current.recurring, expiryChanged(current, input, values), at);
    // Items not sent are not judged again: a variant disabled since makes the link `unavailable`, not unchangeable.
    if (input.items !== undefined && values.items !== null) await checkItems(tx, scope, values.items, current.recurring);
    await recovery.mark(tx, { resource: 'paymentLink', id, status: 200 });
    return unchanged<repo.LinkValues>(current, values) ? current : repo.updateLink(tx, scope, id, values, at);
  });
  return recordOf(db, urls, row);
}

/** Disables or enables the link; asking for the state it is already in writes nothing and keeps `updatedAt`. */
export async function setLinkEnabled(
  db: Db,
  urls: PublicUrls,
  scope: Scope,
  id: string,
  enabled: boolean,
  recovery: Recovery = NO_RECOVERY,
): Promise<LinkRecord> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findLink(tx, scope, id, true);
    if (!current) throw paymentLinkNotFound(id);
    await recovery.mark(tx, { resource: 'paymentLink', id, status: 200 });
    return current.enabled === enabled ? current : repo.setLinkEnabled(tx, scope, id, enabled, new Date());
  });
  return recordOf(db, urls, row);
}
