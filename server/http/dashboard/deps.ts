/** What the dashboard needs from the service. */
import type { Mailer } from '../../mail/mailer';
import type { Limiters } from '../rate-limit';
import type { ActDeps } from './act';

export interface DashboardDeps extends ActDeps {
  /** The key of the forms' CSRF tokens (derived from the secrets key: the same on every instance). */
  csrfKey: Buffer;
  limiters: Pick<Limiters, 'signInFailures' | 'signInFailuresByAddress'>;
  /** Where invitations go out (null: no SMTP_URL, the link is shown to the inviter instead). */
  mailer: Mailer | null;
  /** The origin links in e-mails point to (PUBLIC_BASE_URL); the request's own when unset. */
  publicBaseUrl: string | undefined;
}
