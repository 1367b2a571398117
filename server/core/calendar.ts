/**
 * São Paulo calendar days, the one place the service turns an instant into the merchant's day and a day back into
 * instants: due dates, settlement dates, billing periods and the hours settlement jobs run at. A day is a
 * `YYYY-MM-DD` string; arithmetic on days is done on UTC midnights, where no offset or daylight-saving change can
 * move a day. Brazil keeps UTC−3 all year (no daylight saving since 2019), so a São Paulo day runs from 03:00 UTC
 * to 02:59:59.999 UTC the next day.
 */

const SAO_PAULO = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const DAY_MS = 86_400_000;

/** The São Paulo calendar date of `at` plus `days`, as `YYYY-MM-DD`. */
export function saoPauloDate(at: Date, days = 0): string {
  const fields = SAO_PAULO.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(fields.find((p) => p.type === type)!.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day') + days)).toISOString().slice(0, 10);
}

/** `day` plus `n` calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The instant a São Paulo calendar day begins (its midnight, 03:00 UTC). */
export function startOfSaoPauloDay(day: string): Date {
  return new Date(`${day}T03:00:00.000Z`);
}

/** The last millisecond of a São Paulo calendar day (02:59:59.999 UTC the next day). */
export function endOfSaoPauloDay(day: string): Date {
  return new Date(startOfSaoPauloDay(day).getTime() + DAY_MS - 1);
}
