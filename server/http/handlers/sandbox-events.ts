import type { SandboxHandlers } from '../../../generated/operations';
import { ApiError } from '../../core/errors';
import type { Ctx } from '../context';

/** The sandbox's event stream (`GET /v1/sandbox/events/stream`): not served yet. */
export const sandboxEventsHandlers: Pick<SandboxHandlers<Ctx>, 'streamSandboxEvents'> = {
  async streamSandboxEvents() {
    throw new ApiError('notImplemented', { resource: 'webhook' });
  },
};
