/** What the dashboard needs from the service. */
import type { Limiters } from '../rate-limit';
import type { ActDeps } from './act';

export interface DashboardDeps extends ActDeps {
  /** The key of the forms' CSRF tokens (derived from the secrets key: the same on every instance). */
  csrfKey: Buffer;
  limiters: Pick<Limiters, 'signInFailures' | 'signInFailuresByAddress'>;
}
