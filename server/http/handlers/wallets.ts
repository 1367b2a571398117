import { operationsByTag, type WalletsHandlers } from '../../../generated/operations';
import type { Ctx } from '../context';
import { notImplemented } from './not-implemented';

export const walletsHandlers: WalletsHandlers<Ctx> = notImplemented<WalletsHandlers<Ctx>>(operationsByTag.Wallets);
