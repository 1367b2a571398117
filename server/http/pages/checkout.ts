/**
 * `GET /c/{accessId}` and `POST /c/{accessId}/pay`: the checkout page of a payment link and its form. The session
 * lives in an HttpOnly, SameSite=Lax cookie scoped to the link's path; the form carries an HMAC of the session id
 * (`csrf.ts`), and a POST whose `Origin` is another site's is refused besides. Card number and CVV go from the
 * parsed form to the payment pipeline and nowhere else: never echoed back into a page, never logged. Posts, and visits
 * that open a session, are rate limited per client address (`throttle.ts`).
 */
import express, { type Request, type Response, type Router } from 'express';
import { ApiError } from '../../core/errors';
import { checkoutForPayment, MAX_CARD_FAILURES, openCheckout, payInSession, visitCheckout } from '../../domain/checkout/visit';
import type { Offer, SessionRow } from '../../domain/checkout/sessions';
import { findMethod } from '../../payments/methods';
import { statusOf } from '../errors';
import { checkoutPage, startingPage } from './checkout-view';
import { JUST_PAID } from './invoice-view';
import { csrfToken, csrfValid } from './csrf';
import { sendMessage, sendPage, type PagesDeps } from './deps';
import { emptyForm, parseForm, type FieldError, type FormValues } from './form';
import { pageHeaders } from './headers';
import { alreadyPaid, cardAttemptsExhausted, formNotAccepted, linkClosed, linkNotFound, sessionExpired } from './messages';
import { amountChanged, refusalMessage } from './refusals';
import { throttled } from './throttle';

const COOKIE = 'checkout_session';
const SESSION_ID = /^chs_[0-9A-Za-z]{1,64}$/;
/** A form is a few hundred bytes; nothing a payer types comes near this. */
const FORM_LIMIT = '16kb';

function sessionCookie(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === COOKIE && value && SESSION_ID.test(value)) return value;
  }
  return null;
}

function setSessionCookie(req: Request, res: Response, deps: PagesDeps, session: SessionRow, accessId: string): void {
  const maxAge = Math.max(0, Math.floor((session.expires_at.getTime() - Date.now()) / 1000));
  const secure = req.secure || deps.engine.urls.checkout(accessId).startsWith('https:');
  res.append('Set-Cookie', `${COOKIE}=${session.id}; Path=/c/${accessId}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

/**
 * Whether the POST comes from this site's own page. `Sec-Fetch-Site`, when the browser sends it, must say
 * `same-origin`. An `Origin` must be this page's: the public base address, or the address this request came to. The
 * pages' `Referrer-Policy: no-referrer` makes Chromium send `Origin: null` on their own form posts, so `null` passes
 * only with `Sec-Fetch-Site: same-origin`. Clients that send neither header (not browsers) rely on the CSRF token.
 */
function sameOrigin(req: Request, deps: PagesDeps): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.get('origin');
  if (origin === undefined) return true;
  if (origin === 'null') return site === 'same-origin';
  const allowed = [new URL(deps.engine.urls.checkout('x')).origin, `${req.protocol}://${req.get('host') ?? ''}`];
  return allowed.includes(origin);
}

/** Said beside the form once the session's card attempts are spent (the card is no longer offered in it). */
const CARD_EXHAUSTED = `Por segurança, depois de ${MAX_CARD_FAILURES} tentativas recusadas esta página não aceita mais cartão. Escolha outra forma de pagamento.`;

function renderForm(res: Response, deps: PagesDeps, status: number, form: { offer: Offer; session: SessionRow; cardExhausted: boolean }, values: FormValues, errors: FieldError[], refusal: string | null): void {
  const { offer, session } = form;
  const notice = form.cardExhausted ? CARD_EXHAUSTED : null;
  const html = checkoutPage({ offer, csrf: csrfToken(deps.csrfKey, session.id), values, errors, refusal, notice, now: new Date() });
  sendPage(res, status, html);
}

function closedPage(res: Response, offer: Offer): void {
  sendMessage(res, linkClosed(offer.availability as Exclude<Offer['availability'], 'open'>, offer.link.mode, offer.link.available_at));
}

function redirect(res: Response, to: string): void {
  pageHeaders(res);
  res.redirect(303, to);
}

export function checkoutRoutes(deps: PagesDeps): Router {
  const router = express.Router();

  // Express answers HEAD with this handler too: a HEAD shows the same status but opens no session.
  router.get('/c/:accessId', async (req, res) => {
    const accessId = req.params.accessId;
    const now = new Date();
    const visit = await visitCheckout(deps.engine, accessId, sessionCookie(req), now);
    switch (visit.kind) {
      case 'notFound':
        return sendMessage(res, linkNotFound());
      case 'closed':
        return closedPage(res, visit.offer);
      case 'charge':
        return redirect(res, `/pay/${visit.token}`);
      case 'paid':
        return sendMessage(res, alreadyPaid(visit.offer.link.mode));
      case 'starting':
        return sendPage(res, 200, startingPage(visit.offer));
      case 'exhausted':
        return sendMessage(res, cardAttemptsExhausted(visit.offer.link.mode));
      case 'form':
        return renderForm(res, deps, 200, visit, emptyForm(visit.offer.link.methods), [], null);
      case 'new': {
        if (req.method === 'HEAD') return sendPage(res, 200, '');
        if (await throttled(req, res, deps.limiters.checkoutOpen)) return;
        const session = await openCheckout(deps.engine, visit.offer, now);
        setSessionCookie(req, res, deps, session, accessId);
        return renderForm(res, deps, 200, { offer: visit.offer, session, cardExhausted: false }, emptyForm(visit.offer.link.methods), [], null);
      }
    }
  });

  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 50, type: 'application/x-www-form-urlencoded' });
  router.post('/c/:accessId/pay', async (req, res, next) => {
    // Counted before anything is read: a refused post costs as much as an accepted one.
    if (await throttled(req, res, deps.limiters.checkoutPay)) return;
    if (!req.is('application/x-www-form-urlencoded')) return sendMessage(res, formNotAccepted(415));
    form(req, res, (err?: unknown) => {
      if (!err) return next();
      const type = (err as { type?: string }).type;
      if (type === 'entity.too.large' || type === 'parameters.too.many') return sendMessage(res, formNotAccepted(413));
      if (type === 'charset.unsupported' || type === 'encoding.unsupported') return sendMessage(res, formNotAccepted(415));
      return next(err);
    });
  }, async (req, res) => {
    const accessId = req.params.accessId!;
    if (!sameOrigin(req, deps)) return sendMessage(res, sessionExpired());
    const target = await checkoutForPayment(deps.engine, accessId, sessionCookie(req), new Date());
    if (target.kind === 'notFound') return sendMessage(res, linkNotFound());
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (target.kind === 'noSession' || !csrfValid(deps.csrfKey, target.session.id, body.csrf)) return sendMessage(res, sessionExpired());
    switch (target.kind) {
      case 'charge':
        // A form posted again after its payment started (a double click, the back button): that payment is shown,
        // as after the first post (a double click's first answer is never seen).
        return redirect(res, target.token ? `/pay/${target.token}#${JUST_PAID}` : `/c/${accessId}`);
      case 'ended':
        return sendMessage(res, sessionExpired());
      case 'closed':
        return closedPage(res, target.offer);
      case 'exhausted':
        return sendMessage(res, cardAttemptsExhausted(target.offer.link.mode));
    }
    const { offer, session } = target;
    // A card posted once the session takes no more cards: the form again, its values kept, with another method chosen.
    const posted = typeof body.method === 'string' ? findMethod(body.method) : null;
    if (target.cardExhausted && posted?.takesCard) {
      const values = parseForm(body, [...offer.link.methods, posted.name], 1).values;
      return renderForm(res, deps, 422, target, { ...values, method: offer.link.methods[0]! }, [], CARD_EXHAUSTED);
    }
    const parsed = parseForm(body, offer.link.methods, offer.link.recurring ? 1 : offer.link.max_installments);
    if (!parsed.ok) return renderForm(res, deps, 422, target, parsed.values, parsed.errors, null);
    let token: string | null;
    try {
      token = await payInSession(deps.engine, session.id, parsed.choice);
    } catch (err) {
      // A refusal the payer can act on comes back as the form with its reason; anything else is the 500 page.
      if (!(err instanceof ApiError) || statusOf(err) >= 500) throw err;
      // A changed total: the form again with the new total (the session has it now), for the payer to confirm.
      const fresh = amountChanged(err) ? await checkoutForPayment(deps.engine, accessId, session.id, new Date()) : target;
      const shown = fresh.kind === 'open' ? fresh : target;
      return renderForm(res, deps, 422, shown, parsed.values, [], refusalMessage(err, shown.offer.amount));
    }
    redirect(res, token ? `/pay/${token}#${JUST_PAID}` : `/c/${accessId}`);
  });
  return router;
}
