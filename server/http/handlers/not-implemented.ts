/** Handlers for operations whose issue has not landed: 501 `notImplemented`, the only source of a 501. */
import type { OperationId } from '../../../generated/operations';
import { ApiError } from '../errors';

export function notImplemented<T>(operationIds: readonly OperationId[]): T {
  const out: Record<string, () => Promise<never>> = {};
  for (const id of operationIds) {
    out[id] = async () => {
      throw new ApiError('notImplemented', { message: `${id} is in the contract but not served by this build yet.` });
    };
  }
  return out as T;
}
