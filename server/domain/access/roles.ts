/**
 * The role catalogue that `GET /v1/utils/roles-of-user` returns, and the permission each operation needs.
 * A permission is `<area>:<action>`: `read` for GET, `write` for POST/PUT/DELETE, plus a few named ones.
 */
import type { components } from '../../../generated/schema';
import type { RouteDef, Tag } from '../../../generated/operations';

export type Role = components['schemas']['Role'];
export type RoleId = Role['id'];

const AREA_OF_TAG = {
  Transactions: 'transactions',
  Sandbox: 'sandbox',
  Customers: 'customers',
  Addresses: 'addresses',
  Balance: 'balance',
  Wallets: 'wallets',
  Withdrawals: 'withdrawals',
  // Products and variants are one catalogue, one area: `variants:write` creates, replaces, disables both.
  Products: 'variants',
  Variants: 'variants',
  Subscriptions: 'subscriptions',
  Checkouts: 'checkouts',
  Simulators: 'simulators',
  Utils: 'roles',
  Webhooks: 'webhooks',
  Logs: 'logs',
} as const satisfies Record<Tag, string>;

type Area = (typeof AREA_OF_TAG)[Tag];

/**
 * Every permission there is, closed: a check for one that cannot exist (a typo, an area of no tag) does not compile.
 * `keys:manage` and `account:manage` belong to the administrative panel.
 */
export type Permission = `${Area}:${'read' | 'write'}` | 'transactions:refund' | 'keys:manage' | 'account:manage';

// `sandbox:read` reads the sandbox test clocks: every role reads them, as it reads everything else.
const READ = Object.values(AREA_OF_TAG).map((a): Permission => `${a}:read`);
const WRITE = (['addresses', 'checkouts', 'customers', 'sandbox', 'subscriptions', 'transactions', 'variants', 'wallets', 'webhooks', 'withdrawals'] as const satisfies readonly Area[]).map(
  (a): Permission => `${a}:write`,
);
const DEVELOPER: Permission[] = [...READ, ...WRITE, 'transactions:refund'];

function role(id: RoleId, name: string, description: string, permissions: Permission[]): Role {
  const sorted = [...new Set(permissions)].sort();
  return { id, name, description, permissions: sorted, readOnly: sorted.every((p) => p.endsWith(':read')) };
}

export const ROLES: readonly Role[] = [
  role('owner', 'Owner', 'Full access, including API keys, closing the account and transferring its ownership.', [
    ...DEVELOPER,
    'keys:manage',
    'account:manage',
  ]),
  role('admin', 'Administrator', 'Full access, including API keys; cannot close the account or transfer its ownership.', [
    ...DEVELOPER,
    'keys:manage',
  ]),
  role('developer', 'Developer', 'Full access to the API except key management.', DEVELOPER),
  role('finance', 'Finance', 'Reads everything and refunds transactions.', [...READ, 'transactions:refund']),
  role('read-only', 'Read-only', 'Reads everything (GET operations only).', READ),
];

export function isRoleId(value: string): value is RoleId {
  return ROLES.some((r) => r.id === value);
}

/** The permission an operation needs. */
export function requiredPermission(route: Pick<RouteDef, 'method' | 'tag' | 'operationId'>): Permission {
  if (route.operationId === 'createTransactionRefund') return 'transactions:refund';
  return `${AREA_OF_TAG[route.tag]}:${route.method === 'get' ? 'read' : 'write'}`;
}

export function allows(roleId: RoleId, permission: Permission): boolean {
  return ROLES.find((r) => r.id === roleId)?.permissions.includes(permission) ?? false;
}

/** The roles a person (or key) of `role` may give a key or an invitation: none with a permission `role` lacks. */
export function grantableRoles(role: RoleId): RoleId[] {
  return ROLES.filter((r) => r.permissions.every((p) => allows(role, p as Permission))).map((r) => r.id);
}
