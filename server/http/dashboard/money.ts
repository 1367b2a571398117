/**
 * Balance and withdrawals: the balance available, reserved and pending; the withdrawals, newest first; and, for a
 * person who may (`withdrawals:write`), a withdrawal to one of the merchant's enabled wallets, confirmed, through
 * `createWithdrawal` (the API's rules: never more than the available balance, recorded at once, paid out by the
 * background). Each form acts once; a refusal shows the API's words.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { components } from '../../../generated/schema';
import { html, type Html } from '../pages/html';
import { formAction, readAs } from './act';
import type { DashboardDeps } from './deps';
import { newFormKey } from './guard';
import { money, statusWord, translator, typedAmount, when } from './i18n';
import { csrfField, dashboardPage, may, sendDashboard, type T, type Viewer } from './layout';
import { centsOf } from './payments';
import { signedIn } from './signed-in';

type Balance = components['schemas']['Balance'];
type Wallet = components['schemas']['WalletListItem'];
type Withdrawal = components['schemas']['WithdrawalListItem'];

export const MONEY_PATH = '/dashboard/balance';

function withdrawForm(v: Viewer, t: T, wallets: Wallet[], available: number): Html {
  const usable = wallets.filter((w) => w.enabled);
  if (usable.length === 0) return html`<p>${t('noWallets')}</p>`;
  return html`<section aria-labelledby="withdraw-h"><h2 id="withdraw-h">${t('withdraw')}</h2>
<form method="post" action="${MONEY_PATH}/withdrawals">${csrfField(v)}<input type="hidden" name="idem" value="${newFormKey()}">
  <label for="wallet">${t('wallet')}</label>
  <select id="wallet" name="wallet">${usable.map((w) => html`<option value="${w.id}"${w.primary ? html` selected` : ''}>${w.name} · ${w.bankName ?? w.bankCode} · ${w.accountNumber}</option>`)}</select>
  <label for="amount">${t('withdrawAmount')}</label>
  <input id="amount" name="amount" inputmode="decimal" required pattern="[0-9.,]+" maxlength="20" value="${available > 0 ? typedAmount(v.locale, available) : ''}">
  <p class="check"><input id="confirm" name="confirm" type="checkbox" value="yes" required> <label for="confirm">${t('withdrawConfirm')}</label></p>
  <p><button type="submit">${t('withdraw')}</button></p>
</form></section>`;
}

async function page(deps: DashboardDeps, req: Request, res: Response, status = 200, notice: Html | null = null): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const cid = String(res.locals.correlationId ?? '');
  const [balance, withdrawals, wallets] = await Promise.all([
    readAs<Balance>(deps, session, cid, 'getBalance'),
    readAs<{ data: Withdrawal[]; total: number }>(deps, session, cid, 'listWithdrawals', { query: { limit: 50, sort: '-createdAt' } }),
    readAs<{ data: Wallet[] }>(deps, session, cid, 'listWallets', { query: { limit: 100 } }),
  ]);
  const b = balance.balances[0] ?? { available: 0, reserved: 0, pending: 0 };
  const walletName = new Map(wallets.data.map((w) => [w.id, w.name]));
  if (!notice && req.query.requested && /^\d+$/.test(String(req.query.requested))) {
    notice = html`<p class="notice ok" role="status">${t('withdrawDone', { amount: money(viewer.locale, Number(req.query.requested)) })}</p>`;
  }
  const body = html`<h1>${t('balanceTitle')}</h1>
${notice}
<div class="cards">
  <div class="card"><div>${t('balanceAvailable')}</div><div class="figure" id="available">${money(viewer.locale, b.available)}</div></div>
  <div class="card"><div>${t('balanceReserved')}</div><div class="figure">${money(viewer.locale, b.reserved ?? 0)}</div></div>
  <div class="card"><div>${t('balancePending')}</div><div class="figure">${money(viewer.locale, b.pending)}</div></div>
</div>
${may(session, 'withdrawals:write') && withdrawForm(viewer, t, wallets.data, b.available)}
<h2 id="withdrawals-h">${t('withdrawals')}</h2>
${withdrawals.data.length === 0 ? html`<p>${t('none')}</p>` : html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="withdrawals-h"><table id="withdrawals"><thead><tr>
<th scope="col">${t('created')}</th><th scope="col">${t('id')}</th><th scope="col">${t('wallet')}</th><th scope="col">${t('status')}</th><th scope="col" class="num">${t('amount')}</th><th scope="col">${t('paidAt')}</th>
</tr></thead><tbody>${withdrawals.data.map(
    (w) => html`<tr data-withdrawal="${w.id}"><td>${when(viewer.locale, w.createdAt)}</td><td>${w.id}</td><td>${walletName.get(w.walletId) ?? w.walletId}</td><td>${statusWord(viewer.locale, w.status)}${w.failureReason ? ` (${w.failureReason})` : ''}</td><td class="num">${money(viewer.locale, w.amount)}</td><td>${w.paidAt ? when(viewer.locale, w.paidAt) : ''}</td></tr>`,
  )}</tbody></table></div>`}`;
  sendDashboard(res, status, dashboardPage(viewer, { title: t('balanceTitle'), current: MONEY_PATH, body }));
}

async function withdraw(deps: DashboardDeps, req: Request, res: Response): Promise<void> {
  const { session, viewer } = signedIn(res);
  const t = translator(viewer.locale);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const refused = (status: number, message: string | null) => page(deps, req, res, status, html`<p class="notice bad" role="alert">${t('actionRefused', { message: message ?? t('formExpired') })}</p>`);
  if (!may(session, 'withdrawals:write')) return refused(403, t('notAllowed'));
  const amount = centsOf(b.amount, viewer.locale);
  const walletId = typeof b.wallet === 'string' ? b.wallet : '';
  if (amount === null || b.confirm !== 'yes' || !/^wall_[0-9A-Za-z]+$/.test(walletId)) return refused(422, `${t('withdrawAmount')}: ${String(b.amount ?? '')}`);
  const done = await formAction(deps, session, req, res, { operationId: 'createWithdrawal', input: { body: { walletId, amount } }, target: walletId, back: MONEY_PATH }, refused);
  if (done) res.redirect(303, `${MONEY_PATH}?requested=${amount}`);
}

export function moneyRoutes(deps: DashboardDeps): Router {
  const router = express.Router();
  router.get(MONEY_PATH, (req, res) => page(deps, req, res));
  router.post(`${MONEY_PATH}/withdrawals`, (req, res) => withdraw(deps, req, res));
  return router;
}
