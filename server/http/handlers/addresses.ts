import { operationsByTag, type AddressesHandlers } from '../../../generated/operations';
import type { Ctx } from '../context';
import { notImplemented } from './not-implemented';

export const addressesHandlers: AddressesHandlers<Ctx> = notImplemented<AddressesHandlers<Ctx>>(operationsByTag.Addresses);
