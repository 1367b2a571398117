/**
 * Type-level guarantees of generated/operations.ts, checked by `tsc --noEmit` (npm test runs it;
 * an `@ts-expect-error` whose line compiles is itself an error):
 * a handler map missing an operation, or returning a body of the wrong shape, does not compile.
 */
import type { Handler, SuccessOf, UtilsHandlers, WalletsHandlers } from '../../generated/operations';

type Ctx = { merchantId: string };

export const checks: unknown[] = [];

// @ts-expect-error: listWalletsAll (and the other wallet operations) are missing, so this cannot compile.
const incomplete: WalletsHandlers<Ctx> = {
  listWallets: async () => ({ status: 200, body: {} as SuccessOf<'listWallets'>['body'] }),
};

// @ts-expect-error: a wallet list-all answers a bare array, not an object.
const wrongBody: Handler<'listWalletsAll', Ctx> = async () => ({ status: 200, body: { data: [] } });

// @ts-expect-error: 201 is not a documented success status of listRolesOfUser.
const wrongStatus: UtilsHandlers<Ctx>['listRolesOfUser'] = async () => ({ status: 201, body: undefined });

checks.push(incomplete, wrongBody, wrongStatus);
