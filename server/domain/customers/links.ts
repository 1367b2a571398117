/** The `_links` of a customer, shared by the answers of the API and the `customer.*` events. */
import type { components } from '../../../generated/schema';

type Links = components['schemas']['Links'];

const LIST = { href: '/v1/customers', method: 'GET', description: 'List customers' } as const;
const ADD_ADDRESS = { href: '/v1/addresses', method: 'POST', description: 'Add an address to this customer' } as const;

export function customerLinks(id: string): Links {
  const href = `/v1/customers/${id}`;
  return {
    self: { href, method: 'GET', description: 'Read this customer' },
    update: { href, method: 'PUT', description: 'Replace this customer' },
    list: LIST,
    addresses: ADD_ADDRESS,
  };
}
