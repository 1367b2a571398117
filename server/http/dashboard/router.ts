/**
 * The merchant dashboard at `/dashboard`: server-rendered pages, outside `/v1` and its keys, signed in with a
 * person's e-mail and password (docs/dashboard.md). Mounted before the API's router; whatever goes wrong here is an
 * HTML page, and an unexpected error is a 500 page naming the correlation id, logged with it.
 */
import express, { type ErrorRequestHandler, type Router } from 'express';
import { activityRoutes } from './activity';
import type { DashboardDeps } from './deps';
import { homeRoutes } from './home';
import { keyRoutes } from './keys';
import { linkRoutes } from './links';
import { analyticsRoutes } from './analytics';
import { deliveryRoutes } from './deliveries';
import { requestRoutes } from './requests';
import { securityRoutes } from './security';
import { merchantRoutes } from './merchants';
import { notificationRoutes } from './notifications';
import { customerRoutes } from './customers';
import { moneyRoutes } from './money';
import { subscriptionRoutes } from './subscriptions';
import { passwordResetRoutes } from './password-reset';
import { webhookRoutes } from './webhooks';
import { invitationRoutes, teamRoutes } from './team';
import { translator } from './i18n';
import { dashboardAssets } from './layout';
import { messagePage, NOBODY } from './messages';
import { loginRoutes } from './login';
import { paymentRoutes } from './payments';
import { requireSession, sessionRoutes } from './signed-in';
import { html } from '../pages/html';
import { ApiError } from '../../core/errors';
import { statusOf } from '../errors';

export type { DashboardDeps } from './deps';

export function dashboardRouter(deps: DashboardDeps): Router {
  const router = express.Router();
  router.use(dashboardAssets());
  router.use(loginRoutes(deps));
  router.use(invitationRoutes(deps));
  router.use(passwordResetRoutes(deps));
  const signed = express.Router();
  signed.use('/dashboard', requireSession(deps));
  signed.use(sessionRoutes(deps));
  signed.use(homeRoutes(deps));
  signed.use(paymentRoutes(deps));
  signed.use(analyticsRoutes(deps));
  signed.use(linkRoutes(deps));
  signed.use(customerRoutes(deps));
  signed.use(subscriptionRoutes(deps));
  signed.use(moneyRoutes(deps));
  signed.use(keyRoutes(deps));
  signed.use(deliveryRoutes(deps));
  signed.use(webhookRoutes(deps));
  signed.use(requestRoutes(deps));
  signed.use(teamRoutes(deps));
  signed.use(securityRoutes(deps));
  signed.use(merchantRoutes(deps));
  signed.use(notificationRoutes(deps));
  signed.use(activityRoutes(deps));
  router.use(signed);
  router.all(['/dashboard', '/dashboard/*rest'], (_req, res) => {
    const t = translator('pt-BR');
    messagePage(res, NOBODY, 404, t('notFound'), t('notFoundText'));
  });
  const failed: ErrorRequestHandler = (err, _req, res, _next) => {
    const correlationId = String(res.locals.correlationId ?? '');
    const status = (err as { status?: number; type?: string }).status;
    // The form body's own refusals (too large, too many fields): the person's request, not our failure.
    const t = translator('pt-BR');
    if (status === 413 || status === 400) return messagePage(res, NOBODY, status, t('formExpired'), null);
    // A refusal of the API's handlers that no page explains (a filter the list refuses): the person's request, shown so.
    if (err instanceof ApiError && statusOf(err) < 500 && !res.headersSent) {
      return messagePage(res, NOBODY, statusOf(err), t('actionRefused', { message: err.message }), html`<a href="/dashboard">${t('home')}</a>`);
    }
    deps.logger.error({ err, correlationId }, 'dashboard page failed');
    if (res.headersSent) return void res.end();
    messagePage(res, NOBODY, 500, t('serverError'), t('serverErrorText', { id: correlationId }));
  };
  router.use(failed);
  return router;
}
