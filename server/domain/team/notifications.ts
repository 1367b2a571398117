/**
 * E-mail notifications of the dashboard: each person chooses, for a merchant and a mode, which kinds of event they
 * want an e-mail for (a payment approved, a payment failed, a dispute opened, a withdrawal paid). The event's outbox
 * statement enqueues one `dashboard.notify` job when anyone chose its kind (webhooks/outbox.ts); the job mails each
 * person who chose it and is still a member, once per person and event (a retried job skips whom it mailed), in the
 * person's language, with a link to the dashboard's page of the resource. Without a mail server the job does nothing.
 */
import type { Db, Queryable } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { HandlerTable } from '../../jobs/kinds';
import { moneyIn } from '../../core/money';
import type { Mode } from '../../core/tenancy';
import { findEvent } from '../../webhooks/events-repo';
import { NOTIFIED, type NotificationKind } from '../../webhooks/outbox';

export type { NotificationKind };
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['approved', 'failed', 'dispute', 'withdrawal-paid'];

export type NotificationJob = { kind: 'dashboard.notify'; payload: { eventId: string } };

export async function preferencesOf(q: Queryable, userId: string, merchantId: string, mode: Mode): Promise<NotificationKind[]> {
  const res = await q.query<{ kind: NotificationKind }>('SELECT kind FROM dashboard_notification_prefs WHERE user_id = $1 AND merchant_id = $2 AND mode = $3 ORDER BY kind', [userId, merchantId, mode]);
  return res.rows.map((r) => r.kind);
}

/** Replaces the person's choices for the merchant and mode with `kinds`. */
export async function setPreferences(db: Db, userId: string, merchantId: string, mode: Mode, kinds: NotificationKind[], now = new Date()): Promise<void> {
  // Idempotent whatever else runs: two saves at once end with one of them, never a key conflict.
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM dashboard_notification_prefs WHERE user_id = $1 AND merchant_id = $2 AND mode = $3 AND kind <> ALL ($4::text[])', [userId, merchantId, mode, kinds]);
    await tx.query(
      `INSERT INTO dashboard_notification_prefs (user_id, merchant_id, mode, kind, created_at)
       SELECT $1, $2, $3, kind, $5 FROM unnest($4::text[]) AS kind ON CONFLICT DO NOTHING`,
      [userId, merchantId, mode, kinds, now],
    );
  });
}

const TEXT = {
  'pt-BR': {
    approved: 'Pagamento aprovado', failed: 'Pagamento não aprovado', dispute: 'Disputa aberta', 'withdrawal-paid': 'Saque pago',
    sandbox: '[Testes] ', see: 'Veja no painel:', why: 'Você recebe este e-mail porque escolheu ser avisado deste tipo de evento nas configurações do painel.',
  },
  en: {
    approved: 'Payment approved', failed: 'Payment not approved', dispute: 'Dispute opened', 'withdrawal-paid': 'Withdrawal paid',
    sandbox: '[Sandbox] ', see: 'See it in the dashboard:', why: 'You get this e-mail because you chose to be told of this kind of event in the dashboard settings.',
  },
} as const;

/** Mails the people who chose the event's kind; each once. */
export async function notify(db: Db, mailer: Mailer | null, baseUrl: () => string, eventId: string, now = new Date()): Promise<number> {
  if (!mailer) return 0;
  const event = await findEvent(db, eventId);
  // The event type each kind is mailed for: the outbox's own table, which enqueued the job.
  const kind = event ? NOTIFIED[event.type] : undefined;
  if (!event || !kind) return 0;
  // A charge approved again (a dispute won, a review cleared after a hold) was already told as approved: once is news.
  if (kind === 'approved') {
    const before = await db.query(
      `SELECT 1 FROM events WHERE merchant_id = $1 AND resource_id = $2 AND type = 'transaction.approved' AND id <> $3
          AND (created_at, id) < ($4::timestamptz, $3) LIMIT 1`,
      [event.merchant_id, event.resource_id, eventId, event.created_at],
    );
    if (before.rows.length > 0) return 0;
  }
  const people = await db.query<{ id: string; email: string; locale: 'pt-BR' | 'en' }>(
    `SELECT u.id, u.email, u.locale FROM dashboard_notification_prefs p
       JOIN dashboard_users u ON u.id = p.user_id AND u.disabled_at IS NULL
       JOIN dashboard_members m ON m.user_id = p.user_id AND m.merchant_id = p.merchant_id
      WHERE p.merchant_id = $1 AND p.mode = $2 AND p.kind = $3
        AND NOT EXISTS (SELECT 1 FROM dashboard_notifications_sent s WHERE s.event_id = $4 AND s.user_id = u.id)
      ORDER BY u.id`,
    [event.merchant_id, event.mode, kind, eventId],
  );
  const object = (event.payload.object ?? {}) as { id?: string; amount?: number };
  const path = event.resource === 'transaction' ? `/dashboard/payments/${event.resource_id}` : '/dashboard/balance';
  let sent = 0;
  for (const p of people.rows) {
    const w = TEXT[p.locale];
    const amount = typeof object.amount === 'number' ? ` ${moneyIn(p.locale, object.amount)}` : '';
    await mailer.send({
      to: p.email,
      subject: `${event.mode === 'sandbox' ? w.sandbox : ''}${w[kind]}:${amount} (${event.resource_id})`,
      text: `${w[kind]}:${amount} (${event.resource_id})\n\n${w.see}\n${baseUrl()}${path}\n\n${w.why}\n`,
    });
    await db.query('INSERT INTO dashboard_notifications_sent (event_id, user_id, sent_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [eventId, p.id, now]);
    sent++;
  }
  return sent;
}

export function notificationJobHandlers(db: Db, mailer: Mailer | null, baseUrl: () => string): HandlerTable<NotificationJob> {
  return {
    'dashboard.notify': {
      run: async (job) => {
        await notify(db, mailer, baseUrl, job.payload.eventId);
      },
      // An e-mail not sent after the job's attempts is dropped: the dashboard and the webhooks still have the event.
      onExhausted: async () => undefined,
    },
  };
}
