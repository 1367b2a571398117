/**
 * `npm run bench`: the project's benchmark (issue 14). Starts the service (`server/main.ts` child processes), a
 * bare Express 5 yardstick, a webhook receiver and, on PostgreSQL, a counting proxy, all on free loopback ports;
 * drives them with autocannon and prints one table of ratios measured in this run. See bench/README.md.
 *
 *   npm run bench [-- --only get,post] [--duration 10] [--connections 50] [--json out.json] [--profile] [--smoke]
 *
 * PGlite by default (a temp DATA_DIR); PostgreSQL when DATABASE_URL is set (a fresh database bench_<random>).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DbStats, costOf } from './dbstats';
import { pixBody, scenarioApprove, scenarioOpenLoop as scenarioOpenLoopAt, type Ctx } from './fixed-rate';
import { summarise, type ProfileSummary } from './profile';
import { FIXED_RATE, tables, type Results } from './tables';
import {
  ROOT,
  cleanupAll,
  onCleanup,
  createDatabase,
  ensureDir,
  freePort,
  load,
  median,
  percentile,
  sleep,
  startChild,
  startCountingProxy,
  startReceiver,
  tempDir,
  waitFor,
  waitHealthy,
  type Child,
  type LoadResult,
  type Receiver,
} from './support';

export const SCENARIOS = ['get', 'list', 'post', 'openloop', 'capture', 'approve', 'webhook', 'deliveries', 'scale', 'roundtrips', 'prism'] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    json: { type: 'string' },
    profile: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'usage: npm run bench -- [--only ' + SCENARIOS.join(',') + '] [--duration s] [--connections n] [--json file] [--profile] [--smoke]\n',
  );
  process.exit(0);
}
const smoke = args.smoke;
const duration = Number(args.duration ?? (smoke ? 1 : 10));
const connections = Number(args.connections ?? (smoke ? 4 : 50));
const only = new Set<Scenario>(
  (args.only ? args.only.split(',').map((s) => (s.trim() === 'backlog' ? 'post' : s.trim())) : [...SCENARIOS]).filter((s) => {
    if (!(SCENARIOS as readonly string[]).includes(s)) throw new Error(`unknown scenario "${s}"; one of ${SCENARIOS.join(', ')}`);
    return !(smoke && s === 'prism');
  }) as Scenario[],
);
if (!Number.isFinite(duration) || duration <= 0 || !Number.isInteger(connections) || connections < 2) {
  throw new Error('--duration must be a positive number and --connections an integer ≥ 2');
}
const serverUrl = process.env.DATABASE_URL || undefined;
// Behind a pooler in transaction mode: PostgreSQL itself, for the services' LISTEN and the bench database's creation.
const sessionServerUrl = process.env.DATABASE_SESSION_URL || serverUrl;
const engine = serverUrl ? 'postgres' : 'pglite';
const headlineRuns = smoke ? 1 : 3;
const customersWanted = smoke ? 100 : 1000;

// ---------------------------------------------------------------------------------------------------------------
// The service under test

interface Proc {
  child: Child;
  url?: string;
}

let dataDir = '';
let databaseUrl = '';
let databaseSessionUrl = '';
let key = '';
let api: Proc | undefined;
let workers: Child[] = [];
let profileDir: string | undefined;

function serviceEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_SESSION_URL;
  delete env.DATA_DIR;
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    RATE_LIMIT_POINTS: '1000000000',
    RATE_LIMIT_POLL_POINTS: '1000000000',
    WEBHOOK_PRIVATE_ADDRESSES: 'allow',
    // The bench's merchant is the demo one, on PostgreSQL too.
    DEMO_MERCHANT: '1',
    ...(engine === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SESSION_URL: databaseSessionUrl } : { DATA_DIR: dataDir }),
    ...extra,
  });
  return env;
}

let profiled = 0;
/** Each process profiles into its own folder, bench/profiles/<scenario>/<role>-<n>, summarised apart. */
function nodeFlags(role: string): string[] {
  return profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, `${role}-${++profiled}`)}`] : [];
}

async function startApi(role: 'all' | 'api', extra: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const child = startChild(`service ${role}:${port}`, ['server/main.ts', role], serviceEnv({ PORT: String(port), ...extra }), nodeFlags(role));
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(child, `${url}/health/ready`);
  return { child, url };
}

function startWorker(extra: Record<string, string> = {}): Child {
  return startChild('service worker', ['server/main.ts', 'worker'], serviceEnv(extra), nodeFlags('worker'));
}

async function stopWorkers(): Promise<void> {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
}

async function stopAll(): Promise<void> {
  await stopWorkers();
  await api?.child.stop();
  api = undefined;
}

/** The standard layout: one `all` process on PGlite; one `api` process and two `worker` processes on PostgreSQL. */
async function standard(extra: Record<string, string> = {}): Promise<void> {
  if (!api) {
    api = await startApi(engine === 'pglite' ? 'all' : 'api', extra);
    if (!key) {
      key = await waitFor(
        'the demo key on the first start',
        () => /sandbox key: (sk_test_\S+)/.exec(api!.child.stderr())?.[1],
        10_000,
      );
    }
  }
  if (engine === 'postgres') while (workers.length < 2) workers.push(startWorker(extra));
}

/** With --profile every scenario gets fresh service processes whose CPU profiles land in bench/profiles/<scenario>. */
async function beginScenario(name: Scenario): Promise<void> {
  if (args.profile) {
    await stopAll();
    profileDir = path.join(ROOT, 'bench', 'profiles', name);
    rmSync(profileDir, { recursive: true, force: true });
    ensureDir(profileDir);
  }
  await standard();
}

async function endScenario(name: Scenario): Promise<void> {
  if (!args.profile) return;
  await stopAll();
  for (const sub of readdirSync(profileDir!).sort()) profiles[`${name}, ${sub}`] = summarise(path.join(profileDir!, sub));
  profileDir = undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// API helpers

async function call<T = any>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}, base = api!.url!): Promise<T> {
  const res = await fetch(base + p, {
    method,
    headers: { ServiceKey: key, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

const authHeaders = (): Record<string, string> => ({ ServiceKey: key });
const jsonHeaders = (): Record<string, string> => ({ ServiceKey: key, 'Content-Type': 'application/json' });

let customerIds: string[] = [];
async function ensureCustomers(n: number): Promise<string[]> {
  if (customerIds.length >= n) return customerIds;
  const run = randomBytes(3).toString('hex');
  const made = await pool(n - customerIds.length, 10, (i) =>
    call<{ id: string }>('POST', '/v1/customers', { firstName: 'Bench', lastName: `Customer ${i}`, email: `bench-${run}-${i}@example.com` }),
  );
  customerIds = [...customerIds, ...made.map((c) => c.id)];
  return customerIds;
}


const cardBody = (customerId: string): string =>
  JSON.stringify({
    amount: 2990,
    customerId,
    payment: {
      method: 'credit',
      capture: false,
      card: { number: '4111111111111111', holderName: 'BENCH PAYER', expMonth: 12, expYear: 2031, cvv: '123' },
    },
  });

interface TxSummary {
  id: string;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** Every transaction of a filter created since `since`, oldest first (pages of 100). */
async function listSince(filter: string, since: string): Promise<TxSummary[]> {
  const all: TxSummary[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call<{ data: TxSummary[]; hasMore: boolean }>(
      'GET',
      `/v1/transactions?${filter}&daterangegte=${encodeURIComponent(since)}&sort=createdAt&limit=100&offset=${offset}`,
    );
    all.push(...page.data);
    if (!page.hasMore) return all;
  }
}

/**
 * Charges not yet processed in the background: PIX charges still `pending` whose `updatedAt` equals their
 * `createdAt` (issuing the QR code, the `transaction.process` job, updates the row). Returns their count and the
 * oldest one's createdAt.
 */
async function pixBehind(since: string): Promise<{ behind: number; oldest: string | undefined }> {
  const rows = await listSince('status=pending&method=pix', since);
  const behind = rows.filter((r) => r.updatedAt === r.createdAt);
  return { behind: behind.length, oldest: behind[0]?.createdAt };
}

// ---------------------------------------------------------------------------------------------------------------
// Results

const results: Results = { engine, smoke, duration, connections, when: new Date().toISOString().slice(0, 16).replace('T', ' ') };
let stats: DbStats | undefined;

/**
 * Runs `load` between two snapshots of the database's statistics (PostgreSQL only) and records what each of the
 * `operations()` it made cost; busy backends are sampled while `load` runs, `settle` (the background processing it
 * started) runs before the second snapshot. `load` is given `done`, which it may call to end the measure early (before
 * reads of its own that are not the operations'); otherwise the measure ends after `settle`.
 */
async function costed(
  name: 'post' | 'capture' | 'approve',
  load: (done: () => Promise<void>) => Promise<void>,
  settle: () => Promise<void>,
  operations: () => number,
): Promise<void> {
  if (!stats) {
    await load(async () => undefined);
    await settle();
    return;
  }
  const s = stats;
  const a = await s.snapshot();
  const stop = s.sampleWaits();
  let ended: Promise<void> | undefined;
  const done = (): Promise<void> =>
    (ended ??= (async () => {
      const waits = await stop();
      const b = await s.snapshot();
      (results.costs ??= {})[name] = costOf(a, b, operations(), waits);
    })());
  try {
    await load(done);
    await settle();
    await done();
  } finally {
    await stop();
  }
}

const profiles: Record<string, ProfileSummary> = {};
let bare: Child | undefined;
let bareUrl = '';
let chargeId = '';
let receiver: Receiver | undefined;

function log(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

function fmtLoad(r: LoadResult): string {
  return `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up shared by every scenario: a PIX charge whose read is the headline, and the yardstick answering its bytes

async function setUp(): Promise<void> {
  if (engine === 'postgres') ({ url: databaseUrl, sessionUrl: databaseSessionUrl } = await createDatabase(serverUrl!, sessionServerUrl));
  else dataDir = tempDir('bench-pglite-');
  await standard();
  const [customer] = await ensureCustomers(1);
  const created = await call<{ id: string }>('POST', '/v1/transactions', JSON.parse(pixBody(customer!)));
  chargeId = created.id;
  // The read of an issued charge (its QR code fields filled in by the background job).
  const body = await waitFor(
    'the charge to be issued',
    async () => {
      const res = await fetch(`${api!.url}/v1/transactions/${chargeId}`, { headers: authHeaders() });
      const text = await res.text();
      const tx = JSON.parse(text) as { payment?: { pixQrCodeEmv?: string | null } };
      return tx.payment?.pixQrCodeEmv ? text : undefined;
    },
    120_000,
  );
  results.bodyBytes = Buffer.byteLength(body);
  const file = path.join(tempDir('bench-bare-'), 'body.json');
  writeFileSync(file, body);
  const port = await freePort();
  bare = startChild('bare express', ['bench/bare.ts', file, String(port)], { ...process.env, NODE_ENV: 'production' });
  bareUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(bare, `${bareUrl}/`);
  if (engine === 'postgres') {
    stats = new DbStats(databaseSessionUrl || databaseUrl, () => ({
      api: api?.child.proc.pid ? [api.child.proc.pid] : [],
      workers: workers.flatMap((w) => (w.proc.pid ? [w.proc.pid] : [])),
      loader: [process.pid],
    }), smoke ? 1100 : 10_500);
    await stats.open();
    onCleanup(() => stats!.close());
    results.autovacuumOff = stats.autovacuumOff;
    if (!stats.statementsLoaded) log('pg_stat_statements is not in shared_preload_libraries: statements and plan/execution times per operation are n/a');
  }
  log(`engine ${engine}; yardstick answers the service's ${results.bodyBytes} bytes of GET /v1/transactions/{id}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios

async function scenarioGet(): Promise<void> {
  const b: LoadResult[] = [];
  const s: LoadResult[] = [];
  for (let i = 0; i < headlineRuns; i++) {
    b.push(await load({ url: `${bareUrl}/v1/transactions/${chargeId}`, connections, duration }));
    s.push(await load({ url: `${api!.url}/v1/transactions/${chargeId}`, connections, duration, headers: authHeaders() }));
    log(`get run ${i + 1}: bare ${fmtLoad(b[i]!)} | service ${fmtLoad(s[i]!)}`);
  }
  const med = (rs: LoadResult[]): LoadResult & { runs: number[] } => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    requests: rs.reduce((a, r) => a + r.requests, 0),
    non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
    errors: rs.reduce((a, r) => a + r.errors, 0),
    timeouts: rs.reduce((a, r) => a + r.timeouts, 0),
    runs: rs.map((r) => Math.round(r.rps)),
  });
  results.bare = med(b);
  results.get = med(s);
}

/** The yardstick alone (when the headline pair was not asked for, the ratios still need it). */
async function bareOnce(): Promise<void> {
  const r = await load({ url: `${bareUrl}/v1/transactions/${chargeId}`, connections, duration });
  results.bare = { ...r, runs: [Math.round(r.rps)] };
  log(`bare ${fmtLoad(r)}`);
}

async function scenarioList(): Promise<void> {
  await ensureCustomers(customersWanted);
  const r = await load({ url: `${api!.url}/v1/customers?limit=20`, connections, duration, headers: authHeaders() });
  results.list = { ...r, customers: customerIds.length };
  log(`list ${fmtLoad(r)}`);
}

async function scenarioPost(): Promise<void> {
  const ids = await ensureCustomers(customersWanted);
  let n = 0;
  const since = new Date(Date.now() - 1000).toISOString();
  let loadEnd = 0;
  await costed(
    'post',
    async () => {
      const r = await load({
        url: `${api!.url}/v1/transactions`,
        method: 'POST',
        connections,
        duration,
        headers: jsonHeaders(),
        setup: () => ({ headers: { 'X-Idempotency-Key': randomUUID() }, body: pixBody(ids[n++ % ids.length]!) }),
      });
      loadEnd = Date.now();
      results.post = r;
      log(`post ${fmtLoad(r)}`);
    },
    () => drainBackground(since, loadEnd),
    () => results.post?.requests ?? 0,
  );
}

/** Background charges: how many are behind when the load stops, and how long until none is. */
async function drainBackground(since: string, loadEnd: number): Promise<void> {
  let first: number | undefined;
  let oldest = since;
  let drain: number | null = null;
  const limit = smoke ? 60_000 : 180_000;
  while (Date.now() - loadEnd < limit) {
    const b = await pixBehind(oldest);
    first ??= b.behind;
    if (b.behind === 0) {
      drain = (Date.now() - loadEnd) / 1000;
      break;
    }
    oldest = b.oldest ?? oldest;
    await sleep(200);
  }
  results.backlog = {
    behindAtEnd: first ?? 0,
    drainSeconds: drain,
    timedOut: drain === null,
    workers: engine === 'postgres' ? '2 worker processes' : 'the one process',
  };
  log(`backlog: ${first} behind at the end of the load, ${drain === null ? `not drained in ${limit / 1000} s` : `none after ${drain} s`}`);
}

function ctx(): Ctx {
  return { url: api!.url!, key, customers: customerIds, call, list: listSince, log };
}

const fixedRate = smoke ? 20 : FIXED_RATE;

async function scenarioOpenLoop(): Promise<void> {
  await ensureCustomers(customersWanted);
  results.openloop = await scenarioOpenLoopAt(ctx(), fixedRate, duration);
}

async function scenarioApproveAt(): Promise<void> {
  await ensureCustomers(customersWanted);
  let charges = 0;
  await costed(
    'approve',
    async (done) => {
      // The measure ends once every charge is final, before the bench reads each one's instants back.
      results.approve = await scenarioApprove(ctx(), fixedRate, duration, smoke ? 60_000 : 120_000, async (n) => {
        charges = n;
        await done();
      });
    },
    async () => undefined,
    () => charges,
  );
}

async function scenarioCapture(): Promise<void> {
  const ids = await ensureCustomers(customersWanted);
  const postRate = results.post?.rps ?? 100;
  const want = smoke ? 30 : Math.min(4000, Math.max(200, Math.round(postRate * duration * 1.5)));
  const since = new Date(Date.now() - 1000).toISOString();
  const made = await pool(want, 20, (i) => call<{ id: string }>('POST', '/v1/transactions', JSON.parse(cardBody(ids[i % ids.length]!))));
  const mine = new Set(made.map((t) => t.id));
  const ready = await waitFor(
    'the card charges to be pre-authorized',
    async () => {
      const rows = await listSince('method=credit', since);
      const mineRows = rows.filter((r) => mine.has(r.id));
      if (mineRows.some((r) => r.status === 'pending' || r.status === 'analyzing')) return undefined;
      return mineRows.filter((r) => r.status === 'pre-authorized').map((r) => r.id);
    },
    smoke ? 60_000 : 300_000,
  );
  let next = 0;
  await costed(
    'capture',
    async () => {
      const r = await load({
        url: `${api!.url}/v1/transactions/x/capture`,
        method: 'POST',
        connections: Math.min(connections, ready.length),
        duration,
        amount: ready.length,
        headers: jsonHeaders(),
        body: '{}',
        setup: () => ({ path: `/v1/transactions/${ready[next++]}/capture`, body: '{}' }),
      });
      results.capture = { ...r, prepared: ready.length };
      log(`capture (${ready.length} pre-authorized charges, each once) ${fmtLoad(r)}`);
    },
    // What a capture starts in the background (its events' deliveries, its ledger entries) has a second to run.
    () => sleep(1000),
    () => results.capture?.requests ?? 0,
  );
}

async function registerEndpoint(pathName: string, events: string[]): Promise<void> {
  receiver ??= await startReceiver();
  const res = await call<{ secret: string }>('POST', '/v1/webhooks', {
    name: `bench ${pathName}`,
    endpoint: `${receiver.url}${pathName}-${randomBytes(3).toString('hex')}`,
    events,
  });
  // The receiver keys secrets by path: read it back from the registered URL.
  const list = await call<{ data: Array<{ endpoint: string }> }>('GET', '/v1/webhooks?limit=100');
  const url = list.data.map((w) => w.endpoint).find((e) => e.startsWith(`${receiver!.url}${pathName}-`) && !receiver!.secrets.has(new URL(e).pathname));
  if (!url) throw new Error('the registered endpoint is not listed');
  receiver.secrets.set(new URL(url).pathname, res.secret);
  currentPath = new URL(url).pathname;
}
let currentPath = '';

async function scenarioWebhook(): Promise<void> {
  const ids = await ensureCustomers(customersWanted);
  await registerEndpoint('/approved', ['transaction.approved']);
  const p = currentPath;
  const k = smoke ? 10 : 200;
  const since = new Date(Date.now() - 1000).toISOString();
  const charges = await pool(k, 10, (i) => call<{ id: string }>('POST', '/v1/transactions', JSON.parse(pixBody(ids[i % ids.length]!))));
  await waitFor('the charges to be issued', async () => ((await pixBehind(since)).behind === 0 ? true : undefined), 120_000);
  const sent = new Map<string, number>();
  for (const c of charges) {
    sent.set(c.id, performance.now());
    await call('POST', `/v1/sandbox/transactions/${c.id}/simulate`, { action: 'pay' });
    await sleep(smoke ? 5 : 20);
  }
  const mine = (): Receiver["deliveries"] => receiver!.deliveries.filter((d) => d.path === p && sent.has(d.objectId));
  await waitFor('every transaction.approved', () => (new Set(mine().map((d) => d.objectId)).size >= k ? true : undefined), 60_000).catch(
    () => undefined,
  );
  await sleep(smoke ? 300 : 1000); // late duplicates
  const got = mine();
  const firstAt = new Map<string, number>();
  for (const d of got) if (!firstAt.has(d.objectId)) firstAt.set(d.objectId, d.at);
  const lat = [...firstAt].map(([id, at]) => at - sent.get(id)!);
  results.webhook = {
    charges: k,
    received: firstAt.size,
    duplicates: got.length - new Set(got.map((d) => d.webhookId)).size,
    invalid: got.filter((d) => !d.valid || d.type !== 'transaction.approved').length,
    p50: Math.round(percentile(lat, 50) * 10) / 10,
    p99: Math.round(percentile(lat, 99) * 10) / 10,
  };
  log(`webhook: ${JSON.stringify(results.webhook)}`);
}

async function scenarioDeliveries(): Promise<void> {
  await registerEndpoint('/customers', ['customer.created']);
  const p = currentPath;
  const m = smoke ? 40 : 1000;
  const counts = engine === 'postgres' ? [1, 2] : [1];
  results.deliveries = [];
  for (const w of counts) {
    // Events made through the API while no worker runs.
    if (engine === 'postgres') await stopWorkers();
    else {
      // The API alone (`npm run start:api`): no worker in the process, so nothing is delivered yet.
      await stopAll();
      api = await startApi('api');
    }
    const run = randomBytes(3).toString('hex');
    const made = await pool(m, 10, (i) =>
      call<{ id: string }>('POST', '/v1/customers', { firstName: 'Hook', lastName: `Target ${i}`, email: `hook-${run}-${i}@example.com` }),
    );
    const ids = new Set(made.map((c) => c.id));
    const mine = (): Receiver["deliveries"] => receiver!.deliveries.filter((d) => d.path === p && ids.has(d.objectId));
    const before = mine().length;
    // Then the workers.
    const start = performance.now();
    if (engine === 'postgres') {
      for (let i = 0; i < w; i++) workers.push(startWorker());
    } else {
      await stopAll();
      api = await startApi('all');
    }
    let last = -1;
    let lastChange = performance.now();
    const limit = smoke ? 30_000 : 240_000;
    while (performance.now() - start < limit) {
      const n = new Set(mine().map((d) => d.objectId)).size;
      if (n >= m) break;
      if (n !== last) {
        last = n;
        lastChange = performance.now();
      } else if (performance.now() - lastChange > 20_000) break;
      await sleep(50);
    }
    await sleep(smoke ? 300 : 1000);
    const got = mine();
    const after = got.slice(before);
    const received = new Set(got.map((d) => d.objectId)).size;
    const times = after.map((d) => d.at);
    const firstAt = Math.min(...times);
    const lastAt = Math.max(...times);
    const row = {
      workers: w,
      events: m,
      received,
      duplicates: got.length - new Set(got.map((d) => d.webhookId)).size,
      missing: m - received,
      invalid: got.filter((d) => !d.valid).length,
      perSecond: after.length > 1 ? Math.round(((after.length - 1) / (lastAt - firstAt)) * 1000) : 0,
      secondsFromStart: after.length > 0 ? Math.round((lastAt - start) / 100) / 10 : 0,
      deliveredBeforeStart: before,
    };
    results.deliveries.push(row);
    log(`deliveries with ${w} worker(s): ${JSON.stringify(row)}`);
    if (engine === 'postgres') await stopWorkers();
  }
  await standard();
}

async function scenarioScale(): Promise<void> {
  if (engine !== 'postgres') return;
  const second = await startApi('api');
  const half = Math.max(1, Math.floor(connections / 2));
  const one: number[] = [];
  const two: number[] = [];
  const runOnce = async (urls: [string, string]): Promise<number> => {
    const rs = await Promise.all(
      urls.map((u) => load({ url: `${u}/v1/transactions/${chargeId}`, connections: half, duration, headers: authHeaders() })),
    );
    return rs.reduce((a, r) => a + r.rps, 0);
  };
  // Warm the new process (JIT, pool, caches) as the first one has been by the earlier scenarios.
  await load({ url: `${second.url}/v1/transactions/${chargeId}`, connections: half, duration: Math.min(2, duration), headers: authHeaders() });
  for (let i = 0; i < headlineRuns; i++) {
    one.push(await runOnce([api!.url!, api!.url!]));
    two.push(await runOnce([api!.url!, second.url!]));
    log(`scale run ${i + 1}: 1 process ${Math.round(one[i]!)} req/s, 2 processes ${Math.round(two[i]!)} req/s`);
  }
  await second.child.stop();
  results.scale = {
    one: median(one),
    two: median(two),
    ratio: median(two) / median(one),
    runs: { one: one.map(Math.round), two: two.map(Math.round) },
    how:
      `GET, two autocannon instances in the bench process (one thread), ${half} connections each, run at once; ` +
      `1 process: both aimed at the same API process; 2 processes: one at each. Medians of ${headlineRuns} alternating runs; ` +
      'the loader, both API processes, the workers and PostgreSQL share the machine\'s cores.',
  };
}

async function scenarioRoundtrips(): Promise<void> {
  if (engine !== 'postgres') {
    results.roundtrips = 'n/a';
    return;
  }
  await stopWorkers();
  const proxy = await startCountingProxy(new URL(databaseUrl));
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const counted = await startApi('api', { DATABASE_URL: viaProxy.toString() });
  const ids = await ensureCustomers(1);
  // An odd count: the median is one of the counts, a whole number.
  const n = smoke ? 11 : 51;
  const measure = async (fn: () => Promise<unknown>): Promise<number[]> => {
    for (let i = 0; i < 5; i++) await fn(); // warm the pool, caches and prepared statements
    await sleep(200);
    const deltas: number[] = [];
    for (let i = 0; i < n; i++) {
      const before = proxy.roundTrips();
      await fn();
      deltas.push(proxy.roundTrips() - before);
    }
    return deltas;
  };
  const get = await measure(() => call('GET', `/v1/transactions/${chargeId}`, undefined, {}, counted.url!));
  const post = await measure(() =>
    call('POST', '/v1/transactions', JSON.parse(pixBody(ids[0]!)), { 'X-Idempotency-Key': randomUUID() }, counted.url!),
  );
  await counted.child.stop();
  await proxy.close();
  results.roundtrips = { get: median(get), post: median(post), samples: n };
  log(`round trips: GET ${get.join(',')} | POST ${post.join(',')}`);
  await standard();
}

async function scenarioPrism(): Promise<void> {
  const port = await freePort();
  const prism = startChild(
    'prism',
    [path.join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'), 'mock', 'generated/openapi.json', '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'error'],
    process.env,
    [],
    true,
  );
  const url = `http://127.0.0.1:${port}/v1/transactions/${chargeId}`;
  await waitFor(
    'Prism',
    async () => {
      try {
        return (await fetch(url, { headers: authHeaders() })).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    120_000,
  );
  results.prism = await load({ url, connections, duration, headers: authHeaders() });
  log(`prism ${fmtLoad(results.prism)}`);
  await prism.stop();
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  await setUp();
  const steps: Array<[Scenario, () => Promise<void>]> = [
    ['get', scenarioGet],
    ['list', scenarioList],
    ['post', scenarioPost],
    ['openloop', scenarioOpenLoop],
    ['capture', scenarioCapture],
    ['approve', scenarioApproveAt],
    ['webhook', scenarioWebhook],
    ['deliveries', scenarioDeliveries],
    ['scale', scenarioScale],
    ['roundtrips', scenarioRoundtrips],
    ['prism', scenarioPrism],
  ];
  if (!only.has('get')) await bareOnce();
  for (const [name, fn] of steps) {
    if (!only.has(name)) continue;
    log(`scenario ${name}`);
    await beginScenario(name);
    if (stats?.autovacuumOff) await stats.analyze();
    const before = loadavg()[0]!;
    await fn();
    (results.loadAverage ??= {})[name] = [before, loadavg()[0]!];
    await endScenario(name);
  }
  if (Object.keys(profiles).length > 0) results.profiles = profiles;
  await stopAll();
  // A full run is kept in bench/results/<engine>.json (ignored by git): the PGlite goals are read off PostgreSQL's.
  const kept = path.join(ROOT, 'bench', 'results');
  if (!smoke && !args.profile && only.size === SCENARIOS.length) writeFileSync(path.join(ensureDir(kept), `${engine}.json`), JSON.stringify(results, null, 2));
  const pgFile = path.join(kept, 'postgres.json');
  const pgRun = engine === 'pglite' && existsSync(pgFile) ? (JSON.parse(readFileSync(pgFile, 'utf8')) as Results) : undefined;
  process.stdout.write(`\n${tables(results, pgRun)}\n`);
  if (args.profile) {
    for (const [name, p] of Object.entries(profiles)) {
      process.stdout.write(`\nProfile of ${name} (${p.files} file(s), ${(p.busyMs / 1000).toFixed(1)} s busy):\n`);
      process.stdout.write(p.text + '\n');
    }
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
  log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
}

let ending = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (ending) return;
    ending = true;
    log(`${signal}: cleaning up`);
    void cleanupAll().then(() => process.exit(130));
  });
}

try {
  await main();
  await cleanupAll();
  process.exit(0);
} catch (err) {
  process.stderr.write(`bench: failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  if (api) process.stderr.write(`service stderr:\n${api.child.stderr().slice(-4000)}\n`);
  await cleanupAll();
  process.exit(1);
}
