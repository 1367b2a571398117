import type { UtilsHandlers } from '../../../generated/operations';
import { ROLES } from '../../domain/access/roles';
import type { Ctx } from '../context';
import { rolesLinks } from '../../core/links';

export const utilsHandlers: UtilsHandlers<Ctx> = {
  async listRolesOfUser(_req, ctx) {
    return {
      status: 200,
      body: {
        roles: [...ROLES],
        current: ctx.role,
        mode: ctx.mode,
        merchant: ctx.merchant,
        _links: rolesLinks(),
      },
    };
  },
};
