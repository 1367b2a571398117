/**
 * The two fixed-rate scenarios of issue 27, both open-loop (bench/openloop.ts):
 *   - `openloop`: `POST /v1/transactions` (PIX, idempotency key) at a fixed rate, latency from the intended send time;
 *   - `approve`: card charges (captured at once) at a fixed rate, and for each the time from its creation to
 *     `approved`, which the workers reach in the background: both instants are the service's own clock, read back
 *     through the API (the charge's `createdAt` and its timeline entry to `approved`).
 */
import { randomUUID } from 'node:crypto';
import { openLoop, type OpenLoopResult } from './openloop';
import { percentile, sleep } from './support';

export interface Ctx {
  url: string;
  key: string;
  customers: string[];
  call: <T = any>(method: string, p: string, body?: unknown) => Promise<T>;
  /** Every transaction of a filter created since `since` (the list endpoint, pages of 100). */
  list: (filter: string, since: string) => Promise<Array<{ id: string; status: string }>>;
  log: (line: string) => void;
}

export type OpenLoopFigures = OpenLoopResult & { seconds: number };

export interface ApproveFigures {
  rate: number;
  seconds: number;
  post: OpenLoopResult;
  charges: number;
  approved: number;
  /** Not yet approved (nor refused) when the load stopped. */
  behindAtEnd: number;
  /** Seconds from the end of the load until none was left; null when some were still left at the time-out. */
  drainSeconds: number | null;
  refused: number;
  /** The last approval after the last creation, by the service's clock: what was left to do when the load stopped. */
  tailMs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export const pixBody = (customerId: string): string => JSON.stringify({ amount: 1990, customerId, payment: { method: 'pix' } });
const capturedCardBody = (customerId: string): string =>
  JSON.stringify({
    amount: 2990,
    customerId,
    payment: {
      method: 'credit',
      capture: true,
      card: { number: '4111111111111111', holderName: 'BENCH PAYER', expMonth: 12, expYear: 2031, cvv: '123' },
    },
  });

const headers = (c: Ctx): Record<string, string> => ({ ServiceKey: c.key, 'Content-Type': 'application/json' });

/** `POST /v1/transactions` open-loop at `rate` for `seconds`, the body of request i for customer i (round robin), a fresh key each. */
function postCharges(c: Ctx, rate: number, seconds: number, body: (customerId: string) => string, onAnswer?: (body: string) => void) {
  return openLoop({
    url: `${c.url}/v1/transactions`,
    method: 'POST',
    rate,
    seconds,
    headers: headers(c),
    request: (i) => ({ body: body(c.customers[i % c.customers.length]!), headers: { 'X-Idempotency-Key': randomUUID() } }),
    ...(onAnswer ? { onAnswer: (_i: number, _s: number, b: string) => onAnswer(b) } : {}),
  });
}

export async function scenarioOpenLoop(c: Ctx, rate: number, seconds: number): Promise<OpenLoopFigures> {
  const r = await postCharges(c, rate, seconds, pixBody);
  c.log(`openloop ${rate}/s for ${seconds} s: ${JSON.stringify(r)}`);
  return { ...r, seconds };
}

interface TimelineEntry {
  type: string;
  details: { to?: string } | null;
  createdAt: string;
}
interface Tx {
  id: string;
  status: string;
  createdAt: string;
  timeline: TimelineEntry[];
}

const FINAL = new Set(['approved', 'refused', 'failed', 'canceled']);

/** `settled` is called with the charge count once every charge is final (or the time-out ran out), before the reads. */
export async function scenarioApprove(
  c: Ctx,
  rate: number,
  seconds: number,
  drainLimitMs: number,
  settled: (charges: number) => Promise<void>,
): Promise<ApproveFigures> {
  const ids: string[] = [];
  const since = new Date(Date.now() - 1000).toISOString();
  const post = await postCharges(c, rate, seconds, capturedCardBody, (body) => ids.push((JSON.parse(body) as { id: string }).id));
  const loadEnd = Date.now();
  const mine = new Set(ids);
  // The backlog, through the list (one page per 100 charges): those of this load not final yet, at once and then every
  // 200 ms until none is left.
  let behindAtEnd: number | undefined;
  let drain: number | null = null;
  while (Date.now() - loadEnd < drainLimitMs) {
    const open = (await c.list('method=credit', since)).filter((t) => mine.has(t.id) && !FINAL.has(t.status)).length;
    behindAtEnd ??= open;
    if (open === 0) {
      drain = (Date.now() - loadEnd) / 1000;
      break;
    }
    await sleep(200);
  }
  await settled(ids.length);
  // Then each charge's own instants (10 reads at once).
  const finals: Tx[] = [];
  for (let i = 0; i < ids.length; i += 10) finals.push(...(await Promise.all(ids.slice(i, i + 10).map((id) => c.call<Tx>('GET', `/v1/transactions/${id}`)))));
  const lat: number[] = [];
  let refused = 0;
  let lastCreated = 0;
  let lastApproved = 0;
  for (const t of finals) {
    const entry = t.timeline.find((e) => e.type === 'status' && e.details?.to === 'approved');
    lastCreated = Math.max(lastCreated, Date.parse(t.createdAt));
    if (!entry) {
      refused++;
      continue;
    }
    lastApproved = Math.max(lastApproved, Date.parse(entry.createdAt));
    lat.push(Date.parse(entry.createdAt) - Date.parse(t.createdAt));
  }
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  const out: ApproveFigures = {
    rate,
    seconds,
    post,
    charges: ids.length,
    approved: lat.length,
    behindAtEnd: behindAtEnd ?? 0,
    drainSeconds: drain,
    refused,
    tailMs: lastApproved - lastCreated,
    p50: r1(percentile(lat, 50)),
    p90: r1(percentile(lat, 90)),
    p99: r1(percentile(lat, 99)),
    max: r1(Math.max(...lat)),
  };
  c.log(`approve ${rate}/s for ${seconds} s: ${JSON.stringify({ ...out, post: undefined })}; POST ${JSON.stringify(post)}`);
  return out;
}
