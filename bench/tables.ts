/**
 * The bench's results and the tables it prints: the headline (the service's read against bare Express and Prism), the
 * goals of issue 27 each marked met or not (with the goals of issue 14 that still hold under them), and what one
 * operation costs the database.
 */
import { describeCost, type OperationCost } from './dbstats';
import type { ApproveFigures, OpenLoopFigures } from './fixed-rate';
import type { LoadResult } from './support';

export interface Results {
  engine: string;
  smoke: boolean;
  duration: number;
  connections: number;
  when?: string;
  /** The server has autovacuum off: the bench ran VACUUM ANALYZE on its database before each scenario. */
  autovacuumOff?: boolean;
  bodyBytes?: number;
  /** The 1-minute load average at the start and the end of each scenario. */
  loadAverage?: Record<string, [number, number]>;
  bare?: LoadResult & { runs: number[] };
  get?: LoadResult & { runs: number[] };
  prism?: LoadResult;
  list?: LoadResult & { customers: number };
  post?: LoadResult;
  backlog?: { behindAtEnd: number; drainSeconds: number | null; timedOut: boolean; workers: string };
  capture?: LoadResult & { prepared: number };
  openloop?: OpenLoopFigures;
  approve?: ApproveFigures;
  /** What a charge (`post`: the request and its processing), a capture and a captured card charge cost the database. */
  costs?: Partial<Record<'post' | 'capture' | 'approve', OperationCost>>;
  webhook?: { charges: number; received: number; duplicates: number; invalid: number; p50: number; p99: number };
  deliveries?: Array<{
    workers: number;
    events: number;
    received: number;
    duplicates: number;
    missing: number;
    invalid: number;
    perSecond: number;
    secondsFromStart: number;
    deliveredBeforeStart: number;
  }>;
  scale?: { one: number; two: number; ratio: number; runs: { one: number[]; two: number[] }; how: string };
  roundtrips?: { get: number; post: number; samples: number } | 'n/a';
  profiles?: Record<string, unknown>;
}

const n0 = (x: number): string => Math.round(x).toLocaleString('en-US');
const r2 = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');

/** The fixed rate of the open-loop scenarios: the issue's 100 a second (20 in smoke). */
export const FIXED_RATE = 100;

export function tables(r: Results, postgres?: Results): string {
  const eng = r.engine === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
  const base = r.bare?.rps ?? NaN;
  const kb = ((r.bodyBytes ?? 0) / 1024).toFixed(1);
  const lines: string[] = [];
  lines.push(`Engine: ${eng}. ${r.connections} connections, ${r.duration} s per run, NODE_ENV=production, LOG_LEVEL=warn.`);
  lines.push(`Yardstick: bare Express 5 answering the service's own ${r.bodyBytes} bytes of GET /v1/transactions/{id}. Ratios are of this run.`);
  if (r.autovacuumOff) lines.push('The server has autovacuum off: the bench ran `VACUUM ANALYZE` on its database before each scenario, as autovacuum would have.');
  if (r.loadAverage) {
    const la = Object.entries(r.loadAverage).map(([k, [a, b]]) => `${k} ${a.toFixed(1)}→${b.toFixed(1)}`);
    lines.push(`Load average (1 min) at the start → end of each scenario: ${la.join(', ')}.`);
  }
  lines.push('');
  lines.push('| Server | req/s | p50 | p99 | vs bare Express |');
  lines.push('|---|---|---|---|---|');
  const row = (name: string, x: LoadResult | undefined): void => {
    if (x) lines.push(`| ${name} | ${n0(x.rps)} | ${x.p50} ms | ${x.p99} ms | ${r2(x.rps / base)} |`);
    else lines.push(`| ${name} | not run | | | |`);
  };
  row(`bare Express 5 answering a ${kb} KB JSON${r.bare && r.bare.runs.length > 1 ? ` (runs ${r.bare.runs.join(' / ')})` : ''}`, r.bare);
  if (!r.smoke) row('Prism mock of our own spec', r.prism);
  row(`the service, \`GET /v1/transactions/{id}\`, ${eng}${r.get && r.get.runs.length > 1 ? ` (runs ${r.get.runs.join(' / ')})` : ''}`, r.get);
  lines.push('');
  lines.push('| Measure | Figure | Goal | Met |');
  lines.push('|---|---|---|---|');
  const goal = (measure: string, figure: string, g: string, met: boolean | undefined): void => {
    lines.push(`| ${measure} | ${figure} | ${g} | ${met === undefined ? '–' : met ? 'yes' : 'no'} |`);
  };
  const ratio = (x: LoadResult | undefined): number => (x ? x.rps / base : NaN);
  const onPg = r.engine === 'postgres';
  // On PGlite the throughput goals are half of PostgreSQL's figure in its last full run on this machine, ratios to
  // each run's own yardstick (runs at different times see different machines).
  const pgRatio = (pick: (x: Results) => LoadResult | undefined): number =>
    postgres && postgres.bare ? (pick(postgres)?.rps ?? NaN) / postgres.bare.rps : NaN;
  const throughput = (x: LoadResult | undefined, pgGoal: number, pick: (x: Results) => LoadResult | undefined, p99?: number): [string, boolean | undefined] => {
    if (onPg) {
      return [
        `≥ ${pgGoal.toFixed(2)} of the yardstick${p99 ? `, p99 ≤ ${p99} ms` : ''}`,
        x ? ratio(x) >= pgGoal && (p99 === undefined || x.p99 <= p99) && x.non2xx === 0 && x.errors === 0 : undefined,
      ];
    }
    const half = pgRatio(pick) / 2;
    if (!Number.isFinite(half)) return ['≥ 0.5 × PostgreSQL\'s ratio (no PostgreSQL run in bench/results/)', undefined];
    return [
      `≥ 0.5 × PostgreSQL's ${r2(pgRatio(pick))} (run of ${postgres!.when ?? '?'}) = ${r2(half)}`,
      x ? ratio(x) >= half && x.non2xx === 0 && x.errors === 0 : undefined,
    ];
  };
  const load = (x: LoadResult): string => `${n0(x.rps)} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms`;

  const [pg, pm] = throughput(r.post, 0.1, (x) => x.post, 150);
  goal(
    '`POST /v1/transactions` (PIX, idempotency key)',
    r.post ? `${load(r.post)}, non-2xx ${r.post.non2xx}, errors ${r.post.errors} (${r2(ratio(r.post))} of the yardstick)` : 'not run',
    pg,
    pm,
  );
  const ol = r.openloop;
  goal(
    `the same at an open-loop ${ol?.rate ?? FIXED_RATE} req/s (latency from the intended send)`,
    ol ? `p50 ${ol.p50} ms, p90 ${ol.p90} ms, p99 ${ol.p99} ms, max ${ol.max} ms (${ol.ok} of ${ol.sent} 2xx, ${ol.non2xx} non-2xx, ${ol.errors} errors; loader's own lag p99 ${ol.sendLagP99} ms)` : 'not run',
    'p50 ≤ 10 ms, p99 ≤ 30 ms',
    ol ? ol.p50 <= 10 && ol.p99 <= 30 && ol.ok === ol.sent : undefined,
  );
  const [cg, cm] = throughput(r.capture, 0.07, (x) => x.capture, 200);
  goal(
    '`POST /v1/transactions/{id}/capture` of pre-authorized cards, each once',
    r.capture ? `${load(r.capture)}, ${n0(r.capture.requests)} of ${n0(r.capture.prepared)} prepared, non-2xx ${r.capture.non2xx} (${r2(ratio(r.capture))} of the yardstick)` : 'not run',
    cg,
    cm,
  );
  const ap = r.approve;
  goal(
    `card charge created → \`approved\` (background) at ${ap?.rate ?? FIXED_RATE} charges/s`,
    ap
      ? `p50 ${ap.p50} ms, p90 ${ap.p90} ms, p99 ${ap.p99} ms, max ${ap.max} ms (${ap.approved} of ${ap.charges} approved, ${ap.refused} not); the last approval ${ap.tailMs} ms after the last charge; ${ap.behindAtEnd} not yet approved when the load stopped, ${ap.drainSeconds === null ? 'some still not after the time-out' : `none after ${ap.drainSeconds.toFixed(1)} s`}; the POSTs: p50 ${ap.post.p50} ms, p99 ${ap.post.p99} ms`
      : 'not run',
    'p99 ≤ 100 ms, no backlog (the last approval ≤ 1 s after the last charge)',
    ap ? ap.p99 <= 100 && ap.approved === ap.charges && ap.charges === ap.post.sent && ap.tailMs <= 1000 : undefined,
  );
  const [gg, gm] = throughput(r.get, 0.35, (x) => x.get);
  goal('`GET /v1/transactions/{id}` vs bare Express', r.get ? r2(ratio(r.get)) : 'not run', gg + (onPg && r.prism ? ' and faster than the Prism mock' : ''), gm === undefined ? undefined : gm && (!onPg || !r.prism || (r.get?.rps ?? 0) > r.prism.rps));
  const [lg, lm] = throughput(r.list, 0.3, (x) => x.list);
  goal(
    `list 20 of ${n0(r.list?.customers ?? 0)} customers`,
    r.list ? `${load(r.list)} (${r2(ratio(r.list))} of the yardstick)` : 'not run',
    lg,
    lm,
  );
  goal(
    `background charges after the POST load (${r.backlog?.workers ?? ''})`,
    r.backlog
      ? `${n0(r.backlog.behindAtEnd)} behind at the end; ${r.backlog.drainSeconds === null ? 'not drained before the time-out' : `none after ${r.backlog.drainSeconds.toFixed(1)} s`}`
      : 'not run',
    'no backlog 5 s after the load stops',
    r.backlog ? r.backlog.drainSeconds !== null && r.backlog.drainSeconds <= 5 : undefined,
  );
  goal(
    'PIX paid → `transaction.approved` at a local receiver',
    r.webhook
      ? `p50 ${r.webhook.p50} ms, p99 ${r.webhook.p99} ms (${r.webhook.received} of ${r.webhook.charges}, ${r.webhook.duplicates} duplicates, ${r.webhook.invalid} invalid)`
      : 'not run',
    'p50 ≤ 50 ms, p99 ≤ 250 ms',
    r.webhook ? r.webhook.p50 <= 50 && r.webhook.p99 <= 250 : undefined,
  );
  const d = r.deliveries ?? [];
  const d1 = d.find((x) => x.workers === 1);
  const d2 = d.find((x) => x.workers === 2);
  const dfig = d
    .map(
      (x) =>
        `${x.workers} ${onPg ? `worker${x.workers > 1 ? 's' : ''}` : 'process'}: ${n0(x.perSecond)}/s (${x.received} of ${x.events} in ${x.secondsFromStart} s from start, ${x.duplicates} duplicates, ${x.missing} missing, ${x.invalid} invalid${x.deliveredBeforeStart ? `, ${x.deliveredBeforeStart} before start` : ''})`,
    )
    .join('; ');
  goal(
    'webhook deliveries per second',
    d.length ? dfig : 'not run',
    onPg ? '2 workers ≥ 1,000/s and ≥ 1.6 × one' : '(goal is for 2 workers on PostgreSQL)',
    onPg && d1 && d2 ? d2.perSecond >= 1000 && d2.perSecond >= 1.6 * d1.perSecond : undefined,
  );
  goal(
    '2 API processes vs 1 (GET)',
    !onPg ? 'n/a (PGlite is one process)' : r.scale ? `${r2(r.scale.ratio)} × (${n0(r.scale.one)} → ${n0(r.scale.two)} req/s)` : 'not run',
    '≥ 1.5 ×',
    onPg && r.scale ? r.scale.ratio >= 1.5 : undefined,
  );
  const rt = r.roundtrips;
  goal(
    'round trips per request, `GET` a transaction / `POST` a charge',
    rt === undefined ? 'not run' : rt === 'n/a' ? 'n/a' : `${rt.get} / ${rt.post} (median of ${rt.samples} each)`,
    'GET ≤ 3, POST ≤ 6',
    rt && rt !== 'n/a' ? rt.get <= 3 && rt.post <= 6 : undefined,
  );
  if (r.scale) lines.push('', `2 vs 1 API processes, how: ${r.scale.how}`);
  if (onPg) lines.push('', ...costTable(r));
  return lines.join('\n');
}

const COST_ROWS: Array<['post' | 'capture' | 'approve', string]> = [
  ['post', 'a PIX charge (`post`: the request and its background processing)'],
  ['capture', 'a capture (`capture`: the request and what it starts)'],
  ['approve', 'a captured card charge (`approve`: the request and its authorization in the background)'],
];

/** What one operation costs the database (and each process group's CPU), and its costliest statements. */
function costTable(r: Results): string[] {
  const lines = ['| Per operation, the database | Figures |', '|---|---|'];
  for (const [k, name] of COST_ROWS) {
    const c = r.costs?.[k];
    lines.push(`| ${name} | ${c ? `${describeCost(c)} (${n0(c.operations)} operations)` : 'not run'} |`);
  }
  for (const [k, name] of COST_ROWS) {
    const c = r.costs?.[k];
    if (!c || c.top.length === 0) continue;
    lines.push('', `Costliest statements per ${name.split(' (')[0]} (calls, plan + execution ms per operation):`);
    for (const t of c.top) lines.push(`  ${t.perOperation.toFixed(2)} × ${t.planMs.toFixed(3)} + ${t.execMs.toFixed(3)} ms  ${t.query}`);
  }
  return lines;
}
