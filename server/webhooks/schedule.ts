/**
 * When a failed webhook dispatch is tried again (tag-webhooks.md, "Answering and retries"): a fixed schedule with up
 * to 10 % jitter, lengthened to honour a receiver's `Retry-After` of up to one hour.
 */

// The schedule's setting (`WEBHOOK_RETRY_SECONDS`): its default and parser are read with the other settings
// (config-values.ts).

/** The longest `Retry-After` honoured; a longer one counts as this. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

const JITTER = 0.1;

// The day name that starts every HTTP-date form (IMF-fixdate, RFC 850, asctime); without this check
// `Date.parse` would also accept strings such as "1" or "2026".
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/**
 * Seconds to wait according to a `Retry-After` header: delta-seconds or an HTTP date. Null when the header is absent
 * or invalid, or its date is not in the future.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) {
    const seconds = Number(v);
    return Number.isSafeInteger(seconds) ? seconds : MAX_RETRY_AFTER_SECONDS;
  }
  if (!HTTP_DATE.test(v)) return null;
  // asctime (`Sun Nov  6 08:49:37 1994`) carries no zone, and Date.parse would read it as local time; HTTP dates
  // are always GMT.
  const at = Date.parse(/ \d{4}$/.test(v) ? `${v} GMT` : v);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - now.getTime()) / 1000);
  return seconds > 0 ? seconds : null;
}

/**
 * Seconds from the latest failure to the next attempt, or null when the dispatch has no attempts left (it makes
 * `1 + schedule.length` in all). `attemptsMade` counts the attempts so far; 0 means the first is due now.
 * The result is `schedule[attemptsMade - 1]` plus 0–10 % jitter, and at least the `Retry-After` (capped at 1 h).
 */
export function nextDelaySeconds(
  attemptsMade: number,
  schedule: readonly number[],
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): number | null {
  if (attemptsMade > schedule.length) return null;
  if (attemptsMade < 1) return 0;
  const base = schedule[attemptsMade - 1]!;
  // Millisecond precision: the jitter of the 5 s step is at most half a second.
  const r = Math.min(Math.max(random(), 0), 1);
  const jittered = Math.round(base * (1 + JITTER * r) * 1000) / 1000;
  if (retryAfterSeconds === null) return jittered;
  return Math.max(jittered, Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS));
}
