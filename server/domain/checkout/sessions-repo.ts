/**
 * SQL of checkout sessions. Every change of status is one conditional UPDATE (`WHERE status IN (…)`, the states
 * `SESSION_TRANSITIONS` lists for where it goes), so a session leaves `open` once, whichever of completion and
 * abandonment comes first, however often either is retried.
 */
import { sourcesOf, sqlStates, type Transitions } from '../../core/state-machine';
import type { Queryable } from '../../db/types';
import type { Mode } from '../access/keys';
import type { LinkMethod } from './links-repo';

export type SessionStatus = 'open' | 'completed' | 'abandoned';

/** The life of a checkout session (the table of the spec's `CheckoutSession.status`, compared by a test). */
export const SESSION_TRANSITIONS = {
  open: ['completed', 'abandoned'],
  completed: [],
  abandoned: [],
} as const satisfies Transitions<SessionStatus>;

const FROM = {
  completed: sqlStates(sourcesOf(SESSION_TRANSITIONS, 'completed')),
  abandoned: sqlStates(sourcesOf(SESSION_TRANSITIONS, 'abandoned')),
};

export interface SessionRow {
  id: string;
  merchant_id: string;
  mode: Mode;
  payment_link_id: string;
  status: SessionStatus;
  method: LinkMethod | null;
  transaction_id: string | null;
  subscription_id: string | null;
  amount: number;
  approved_amount: number;
  /** The session holds one of its link's places (`places.ts`) for the payment started in it. */
  holds_place: boolean;
  started_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  abandoned_at: Date | null;
  updated_at: Date;
}

// bigint amounts read as float8: a JS number, exact for any integer below 2^53 (an `::int` would overflow past 2^31,
// and a link's total at changed prices can get there).
const COLUMNS = `id, merchant_id, mode, payment_link_id, status, method, transaction_id, subscription_id, amount::float8 AS amount,
  approved_amount::float8 AS approved_amount, holds_place, started_at, expires_at, completed_at, abandoned_at, updated_at`;

export interface NewSession {
  id: string;
  merchant_id: string;
  mode: SessionRow['mode'];
  payment_link_id: string;
  amount: number;
  started_at: Date;
  expires_at: Date;
}

export async function insertSession(q: Queryable, s: NewSession): Promise<SessionRow> {
  const res = await q.query<SessionRow>(
    `INSERT INTO checkout_sessions (id, merchant_id, mode, payment_link_id, amount, started_at, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6)
     RETURNING ${COLUMNS}`,
    [s.id, s.merchant_id, s.mode, s.payment_link_id, s.amount, s.started_at, s.expires_at],
  );
  return res.rows[0]!;
}

/** The session by id alone (its id is the payer's, like the link's access id); `forUpdate` locks its row. */
export async function selectSession(q: Queryable, id: string, forUpdate = false): Promise<SessionRow | null> {
  const res = await q.query<SessionRow>(`SELECT ${COLUMNS} FROM checkout_sessions WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return res.rows[0] ?? null;
}

/** The payment just started in an open session: its method and what it made. */
export async function recordStart(
  q: Queryable,
  id: string,
  p: { method: LinkMethod; transactionId: string | null; subscriptionId: string | null; amount: number },
  at: Date,
): Promise<SessionRow> {
  // `amount`: the total the payment charges, the link's as it is now (prices may have moved since the session opened).
  const res = await q.query<SessionRow>(
    `UPDATE checkout_sessions SET method = $2, transaction_id = $3, subscription_id = $4, amount = $5, updated_at = $6
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, p.method, p.transactionId, p.subscriptionId, p.amount, at],
  );
  return res.rows[0]!;
}

/** The link's total moved since the session opened: an open session shows (and reports) the new one. */
export async function setSessionAmount(q: Queryable, id: string, amount: number, at: Date): Promise<void> {
  await q.query(`UPDATE checkout_sessions SET amount = $2, updated_at = $3 WHERE id = $1 AND status = 'open' AND amount <> $2`, [id, amount, at]);
}

/** The charge a recurring link's subscription made for its first cycle becomes the session's latest transaction. */
export async function recordSessionCharge(q: Queryable, id: string, transactionId: string, at: Date): Promise<void> {
  await q.query(`UPDATE checkout_sessions SET transaction_id = $2, updated_at = $3 WHERE id = $1 AND status = 'open'`, [id, transactionId, at]);
}

/**
 * `open` → `completed` with the approved charge (or, for a subscription that starts with a trial, no charge and 0);
 * null when the session had already left `open`.
 */
export async function completeSession(
  q: Queryable,
  id: string,
  t: { transactionId: string | null; method: LinkMethod; amount: number },
  at: Date,
): Promise<SessionRow | null> {
  // The method is the approved charge's: analytics count a completion under the method that paid.
  const res = await q.query<SessionRow>(
    `UPDATE checkout_sessions SET status = 'completed', transaction_id = $2, method = $3, approved_amount = $4, completed_at = $5,
       updated_at = $5
      WHERE id = $1 AND status IN (${FROM.completed}) RETURNING ${COLUMNS}`,
    [id, t.transactionId, t.method, t.amount, at],
  );
  return res.rows[0] ?? null;
}

/**
 * A charge of an `abandoned` session approved late (paid after the session gave up on it): it takes the charge and
 * its amount, once. Null when the session is not abandoned, or already took an approval (a dispute won re-approves).
 */
export async function approveAbandoned(
  q: Queryable,
  id: string,
  t: { transactionId: string; method: LinkMethod; amount: number },
  at: Date,
): Promise<SessionRow | null> {
  const res = await q.query<SessionRow>(
    `UPDATE checkout_sessions SET transaction_id = $2, method = $3, approved_amount = $4, updated_at = $5
      WHERE id = $1 AND status = 'abandoned' AND approved_amount = 0 RETURNING ${COLUMNS}`,
    [id, t.transactionId, t.method, t.amount, at],
  );
  return res.rows[0] ?? null;
}

/** `open` → `abandoned`; null when the session had already left `open` (completed, or abandoned by a re-run). */
export async function abandonSession(q: Queryable, id: string, at: Date): Promise<SessionRow | null> {
  const res = await q.query<SessionRow>(
    `UPDATE checkout_sessions SET status = 'abandoned', abandoned_at = $2, updated_at = $2
      WHERE id = $1 AND status IN (${FROM.abandoned}) RETURNING ${COLUMNS}`,
    [id, at],
  );
  return res.rows[0] ?? null;
}
