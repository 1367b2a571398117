import { operationsByTag, type CustomersHandlers } from '../../../generated/operations';
import type { Ctx } from '../context';
import { notImplemented } from './not-implemented';

export const customersHandlers: CustomersHandlers<Ctx> = notImplemented<CustomersHandlers<Ctx>>(operationsByTag.Customers);
