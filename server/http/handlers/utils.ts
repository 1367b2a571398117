import type { UtilsHandlers } from '../../../generated/operations';
import { ROLES } from '../../domain/access/roles';
import type { Ctx } from '../context';

export const utilsHandlers: UtilsHandlers<Ctx> = {
  async listRolesOfUser(_req, ctx) {
    return {
      status: 200,
      body: {
        roles: [...ROLES],
        current: ctx.role,
        mode: ctx.mode,
        merchant: ctx.merchant,
        _links: { self: { href: '/v1/utils/roles-of-user', method: 'GET', description: 'This catalogue' } },
      },
    };
  },
};
