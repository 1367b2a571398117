/**
 * What every signed-in page goes through: the session from its cookie (else the sign-in page, coming back here
 * after), and on a POST the origin and the CSRF token of the session before anything is read or done. Also the
 * session's own actions: signing out and switching between sandbox and production.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { recordAudit } from '../../domain/team/audit';
import { actorOf, endSession, findSession, setSessionMode, type Session } from '../../domain/team/sessions';
import type { DashboardDeps } from './deps';
import { clearCookie, cookie, localeOf, sameOrigin, SESSION_COOKIE, tokenFor, tokenValid } from './guard';
import { translator } from './i18n';
import type { Viewer } from './layout';
import { messagePage } from './messages';

export interface SignedIn {
  session: Session;
  viewer: Viewer;
}

export const signedIn = (res: Response): SignedIn => res.locals.dashboard as SignedIn;

export const formBody = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

/** Loads the session; a request without one goes to the sign-in page (a GET comes back here after). */
export function requireSession(deps: DashboardDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const session = await findSession(deps.db, cookie(req, SESSION_COOKIE));
    if (!session) {
      if (cookie(req, SESSION_COOKIE)) clearCookie(req, res, SESSION_COOKIE);
      const back = req.method === 'GET' ? `?next=${encodeURIComponent(req.originalUrl)}` : '';
      return res.redirect(303, `/dashboard/login${back}`);
    }
    const locale = localeOf(req, res, session.locale);
    const viewer: Viewer = { session, locale, csrf: tokenFor(deps.csrfKey, 'session', session.id), path: req.originalUrl.split('?')[0]! };
    res.locals.dashboard = { session, viewer } satisfies SignedIn;
    if (req.method === 'POST') {
      // The body is read only for the token: at most 16 KB, as the forms need.
      await new Promise<void>((ok, fail) => formBody(req, res, (err?: unknown) => (err ? fail(err) : ok())));
      const token = (req.body as Record<string, unknown> | undefined)?.csrf;
      if (!sameOrigin(req) || !tokenValid(deps.csrfKey, 'session', session.id, token)) {
        deps.logger.warn({ session: session.id, path: req.path }, 'dashboard form refused: CSRF token or origin');
        const t = translator(locale);
        return messagePage(res, viewer, 403, t('formExpired'), t('formExpired'));
      }
    }
    next();
  };
}

export function sessionRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.post('/dashboard/logout', async (req, res) => {
    const { session } = signedIn(res);
    await endSession(deps.db, session.id);
    await recordAudit(deps.db, { merchantId: session.merchantId, mode: session.mode, actor: actorOf(session), action: 'signout', ip: req.ip ?? null });
    clearCookie(req, res, SESSION_COOKIE);
    res.redirect(303, '/dashboard/login');
  });
  router.post('/dashboard/mode', async (req, res) => {
    const { session } = signedIn(res);
    const mode = (req.body as Record<string, unknown>).mode;
    if (mode !== 'sandbox' && mode !== 'production') return res.redirect(303, '/dashboard');
    if (mode !== session.mode) {
      await setSessionMode(deps.db, session.id, mode);
      await recordAudit(deps.db, { merchantId: session.merchantId, mode, actor: actorOf(session), action: 'mode.switch', ip: req.ip ?? null });
    }
    res.redirect(303, '/dashboard');
  });
  return router;
}
