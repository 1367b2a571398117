/**
 * Permissions are a closed union: a check for one that cannot exist does not compile (`npm run check` type-checks
 * this file), every operation needs one of them, and the catalogue grants only them.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../../generated/operations';
import { allows, requiredPermission, ROLES, type Permission } from './roles';

export const typeChecks = [
  // @ts-expect-error a typo of `transactions:read`
  (): boolean => allows('developer', 'transaction:read'),
  // @ts-expect-error an action no area has
  (): Permission => 'wallets:delete',
];

describe('permissions', () => {
  it('grants each role only well-formed permissions, and every operation needs one', () => {
    const named = new Set(['transactions:refund', 'keys:manage', 'account:manage']);
    const areas = new Set(routes.map((r) => requiredPermission(r).split(':')[0]));
    for (const role of ROLES) {
      for (const p of role.permissions) expect(named.has(p) || (areas.has(p.split(':')[0]) && /:(read|write)$/.test(p)), `${role.id}: ${p}`).toBe(true);
    }
    for (const r of routes) expect(requiredPermission(r)).toMatch(/^[a-z]+:(read|write|refund)$/);
  });

  it('lets a read-only key read, a finance key refund, and nobody reach what no role holds', () => {
    expect(allows('read-only', 'transactions:read')).toBe(true);
    expect(allows('read-only', 'transactions:write')).toBe(false);
    expect(allows('finance', 'transactions:refund')).toBe(true);
    expect(allows('finance', 'wallets:write')).toBe(false);
    expect(ROLES.filter((r) => allows(r.id, 'sandbox:read'))).toEqual(ROLES);
    // Payment links are written by the roles that write the rest of the API.
    expect(ROLES.filter((r) => allows(r.id, 'checkouts:write')).map((r) => r.id)).toEqual(['owner', 'admin', 'developer']);
    expect(ROLES.filter((r) => allows(r.id, 'account:manage')).map((r) => r.id)).toEqual(['owner']);
    // The catalogue is written by the roles that write the rest of the API, never by finance or read-only keys.
    expect(ROLES.filter((r) => allows(r.id, 'variants:write')).map((r) => r.id)).toEqual(['owner', 'admin', 'developer']);
  });
});
