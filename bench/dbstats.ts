/**
 * What one operation costs the database and the machine, read from PostgreSQL's own statistics and from /proc around a
 * scenario's load (issue 27): statements, planning and execution time (`pg_stat_statements`, when the server loads
 * it), rows and index entries written, WAL bytes, transactions, what busy backends were waiting on (sampled from
 * `pg_stat_activity`), and the CPU time of each process group (the API, the workers, PostgreSQL, the loader). Every
 * figure is the difference of two snapshots divided by the operations made between them.
 *
 * Nothing here is the service's: the bench connects to its own `bench_<random>` database with `pg`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { sleep } from './support';

/** Marks the bench's own statistics queries so that pg_stat_statements figures leave them out. */
const MARK = '/* bench-stats */';

interface Snapshot {
  statements: { calls: number; planMs: number; execMs: number; walBytes: number } | null;
  /** By queryid. */
  top: Map<string, { query: string; calls: number; planMs: number; execMs: number; rows: number }>;
  tracksPlanning: boolean;
  inserted: number;
  updated: number;
  hot: number;
  deleted: number;
  indexEntries: number;
  walLsn: string;
  commits: number;
  cpu: Record<string, number>;
}

export interface OperationCost {
  operations: number;
  /** null without pg_stat_statements (not in shared_preload_libraries). */
  statements: number | null;
  planMs: number | null;
  execMs: number | null;
  walBytes: number;
  /** 'statements' when per database (pg_stat_statements), 'cluster' when the WAL position moved by anything. */
  walSource: 'statements' | 'cluster';
  /** The server's WAL position moved by (every database, commit records included), per operation. */
  walServerBytes: number;
  commits: number;
  rowsWritten: number;
  rowsInserted: number;
  rowsUpdated: number;
  hotUpdates: number;
  indexEntries: number;
  /** CPU ms per operation of each process group; PostgreSQL's is the whole server's (every database). */
  cpuMs: Record<string, number>;
  /** Share of sampled busy backends by what they were doing: 'CPU' (running), 'Lock:…', 'LWLock:…', 'IO:…', 'Client:ClientRead' (in a transaction, waiting for the service). */
  waits: Record<string, number>;
  waitSamples: number;
  /** The costliest statements per operation (plan + execution), text cut to 100 characters. */
  top: Array<{ query: string; perOperation: number; planMs: number; execMs: number; rows: number }>;
}

/** The bench database's statistics reader. `groups` names the pids of each process group (read at snapshot time). */
export class DbStats {
  private client: pg.Client | undefined;
  private hasStatements = false;
  private tracksPlanning = false;
  private postmaster: number | null = null;
  /** `autovacuum = off` on the server (this machine kind's test server has it off). */
  autovacuumOff = false;

  /** `settleMs`: how long a snapshot waits for the backends' counters (see `snapshot`). */
  constructor(
    private readonly url: string,
    private readonly groups: () => Record<string, number[]>,
    private readonly settleMs = 10_500,
  ) {}

  async open(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    const libs = await this.client.query<{ s: string }>(`${MARK} SELECT current_setting('shared_preload_libraries') AS s`);
    if (/\bpg_stat_statements\b/.test(libs.rows[0]?.s ?? '')) {
      await this.client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      this.hasStatements = true;
      const tp = await this.client.query<{ s: string }>(`${MARK} SELECT current_setting('pg_stat_statements.track_planning') AS s`);
      this.tracksPlanning = tp.rows[0]?.s === 'on';
    }
    const av = await this.client.query<{ s: string }>(`${MARK} SELECT current_setting('autovacuum') AS s`);
    this.autovacuumOff = av.rows[0]?.s === 'off';
    // PostgreSQL's processes, when the server runs on this machine: the parent of this connection's backend.
    const me = await this.client.query<{ pid: number }>(`${MARK} SELECT pg_backend_pid() AS pid`);
    this.postmaster = parentOf(me.rows[0]!.pid);
  }

  get statementsLoaded(): boolean {
    return this.hasStatements;
  }

  /**
   * What autovacuum would have done by now: with it off, tables that grew from empty are never analysed, and the
   * planner, with no statistics, picks any index on (merchant_id, mode, …) over the primary key for a lookup by id,
   * reading every row of the merchant (seen: 2.5 ms for a charge among 300).
   */
  async analyze(): Promise<void> {
    await this.client!.query(`${MARK} VACUUM ANALYZE`);
  }

  async close(): Promise<void> {
    await this.client?.end().catch(() => undefined);
  }

  async snapshot(): Promise<Snapshot> {
    const c = this.client!;
    // Backends report their table and database counters when a transaction ends, at most once a second; one that goes
    // idle within that second reports the rest after 10 s idle (PGSTAT_IDLE_INTERVAL): wait that long, so the tail of
    // one load is not counted in the next. (pg_stat_statements and the WAL position are not delayed.)
    await sleep(this.settleMs);
    const tables = await c.query<{ ins: number; upd: number; hot: number; del: number; idx: number }>(
      `${MARK} SELECT coalesce(sum(n_tup_ins), 0)::float8 AS ins, coalesce(sum(n_tup_upd), 0)::float8 AS upd,
              coalesce(sum(n_tup_hot_upd), 0)::float8 AS hot, coalesce(sum(n_tup_del), 0)::float8 AS del,
              coalesce(sum((n_tup_ins + n_tup_upd - n_tup_hot_upd) *
                (SELECT count(*) FROM pg_index i WHERE i.indrelid = t.relid)), 0)::float8 AS idx
         FROM pg_stat_user_tables t`,
    );
    const db = await c.query<{ lsn: string; commits: number }>(
      `${MARK} SELECT pg_current_wal_lsn()::text AS lsn, xact_commit::float8 AS commits FROM pg_stat_database WHERE datname = current_database()`,
    );
    let statements: Snapshot['statements'] = null;
    const top: Snapshot['top'] = new Map();
    if (this.hasStatements) {
      const s = await c.query<{ id: string; query: string; calls: number; plan: number; exec: number; rows: number; wal: number }>(
        `${MARK} SELECT queryid::text AS id, query, calls::float8 AS calls, total_plan_time AS plan, total_exec_time AS exec, rows::float8 AS rows,
                wal_bytes::float8 AS wal
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND query NOT LIKE '%bench-stats%'`,
      );
      statements = { calls: 0, planMs: 0, execMs: 0, walBytes: 0 };
      for (const r of s.rows) {
        statements.calls += r.calls;
        statements.planMs += r.plan;
        statements.execMs += r.exec;
        statements.walBytes += r.wal;
        const t = top.get(r.id) ?? { query: r.query.replace(/\s+/g, ' ').slice(0, 100), calls: 0, planMs: 0, execMs: 0, rows: 0 };
        top.set(r.id, { ...t, calls: t.calls + r.calls, planMs: t.planMs + r.plan, execMs: t.execMs + r.exec, rows: t.rows + r.rows });
      }
    }
    const cpu: Record<string, number> = {};
    for (const [name, pids] of Object.entries(this.groups())) cpu[name] = pids.reduce((a, p) => a + cpuMsOf(p), 0);
    if (this.postmaster !== null) cpu.postgres = postgresCpuMs(this.postmaster);
    const t = tables.rows[0]!;
    return {
      statements,
      top,
      inserted: t.ins,
      updated: t.upd,
      hot: t.hot,
      deleted: t.del,
      indexEntries: t.idx,
      tracksPlanning: this.tracksPlanning,
      walLsn: db.rows[0]!.lsn,
      commits: db.rows[0]!.commits,
      cpu,
    };
  }

  /**
   * Samples what the bench database's busy backends wait on, every `everyMs`, until the returned stop is called. The
   * sampler's own queries are commits of the database too: `queries` says how many, for `costOf` to take them off.
   */
  sampleWaits(everyMs = 20): () => Promise<Waits> {
    const counts: Record<string, number> = {};
    let samples = 0;
    let queries = 0;
    let running = true;
    const sampler = new pg.Client({ connectionString: this.url });
    sampler.on('error', () => undefined);
    const loop = (async () => {
      await sampler.connect();
      while (running) {
        const r = await sampler.query<{ w: string }>(
          `${MARK} SELECT CASE WHEN wait_event_type IS NULL THEN 'CPU' ELSE wait_event_type || ':' || wait_event END AS w
             FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
              AND state IN ('active', 'idle in transaction')`,
        );
        queries++;
        for (const { w } of r.rows) counts[w] = (counts[w] ?? 0) + 1;
        samples += r.rows.length;
        await sleep(everyMs);
      }
    })()
      // A sampler that fails (the database dropped under it at a failed run's clean-up) only loses its samples.
      .catch(() => undefined)
      .finally(() => sampler.end().catch(() => undefined));
    return async () => {
      running = false;
      await loop;
      return { samples, counts, queries };
    };
  }
}

export interface Waits {
  samples: number;
  counts: Record<string, number>;
  /** The sampler's own queries (one commit each). */
  queries: number;
}

/** The cost per operation between two snapshots. */
export function costOf(a: Snapshot, b: Snapshot, operations: number, waits: Waits): OperationCost {
  const per = (x: number): number => x / Math.max(1, operations);
  const walCluster = lsnBytes(b.walLsn) - lsnBytes(a.walLsn);
  const cpuMs: Record<string, number> = {};
  for (const k of Object.keys(b.cpu)) cpuMs[k] = per((b.cpu[k] ?? 0) - (a.cpu[k] ?? 0));
  const shares: Record<string, number> = {};
  for (const [k, v] of Object.entries(waits.counts)) shares[k] = v / Math.max(1, waits.samples);
  const top = [...b.top]
    .map(([id, t]) => {
      const o = a.top.get(id) ?? { calls: 0, planMs: 0, execMs: 0, rows: 0 };
      return { query: t.query, calls: t.calls - o.calls, planMs: t.planMs - o.planMs, execMs: t.execMs - o.execMs, rows: t.rows - o.rows };
    })
    .filter((t) => t.calls > 0)
    .sort((x, y) => y.planMs + y.execMs - (x.planMs + x.execMs))
    .slice(0, 8)
    .map((t) => ({ query: t.query, perOperation: per(t.calls), planMs: per(t.planMs), execMs: per(t.execMs), rows: per(t.rows) }));
  return {
    operations,
    statements: a.statements && b.statements ? per(b.statements.calls - a.statements.calls) : null,
    planMs: a.statements && b.statements && b.tracksPlanning ? per(b.statements.planMs - a.statements.planMs) : null,
    execMs: a.statements && b.statements ? per(b.statements.execMs - a.statements.execMs) : null,
    walBytes: a.statements && b.statements ? per(b.statements.walBytes - a.statements.walBytes) : per(walCluster),
    walSource: a.statements && b.statements ? 'statements' : 'cluster',
    walServerBytes: per(walCluster),
    commits: per(b.commits - a.commits - waits.queries),
    rowsWritten: per(b.inserted + b.updated + b.deleted - (a.inserted + a.updated + a.deleted)),
    rowsInserted: per(b.inserted - a.inserted),
    rowsUpdated: per(b.updated - a.updated),
    hotUpdates: per(b.hot - a.hot),
    indexEntries: per(b.indexEntries - a.indexEntries),
    cpuMs,
    waits: shares,
    waitSamples: waits.samples,
    top,
  };
}

/** One line of figures for a table cell. */
export function describeCost(c: OperationCost): string {
  const f1 = (x: number): string => x.toFixed(1);
  const f2 = (x: number): string => x.toFixed(2);
  const parts: string[] = [];
  if (c.statements !== null) {
    parts.push(`${f1(c.statements)} statements, plan ${c.planMs === null ? 'n/a (track_planning off)' : `${f2(c.planMs)} ms`} + execution ${f2(c.execMs!)} ms`);
  }
  else parts.push('statements n/a (pg_stat_statements not loaded)');
  parts.push(`${f1(c.commits)} commits`);
  parts.push(`${f1(c.rowsInserted)} rows inserted + ${f1(c.rowsUpdated)} updated (${f1(c.hotUpdates)} HOT), ~${f1(c.indexEntries)} index entries`);
  const b = (x: number): string => Math.round(x).toLocaleString('en-US');
  parts.push(
    c.walSource === 'statements'
      ? `WAL ${b(c.walBytes)} B by its statements, ${b(c.walServerBytes)} B by the server (commit records included)`
      : `WAL ${b(c.walServerBytes)} B (the whole server)`,
  );
  const waits = Object.entries(c.waits)
    .filter(([k]) => k !== 'CPU')
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .map(([k, v]) => `${k} ${(v * 100).toFixed(0)} %`);
  const locks = Object.entries(c.waits)
    .filter(([k]) => k.startsWith('Lock:'))
    .reduce((a, [, v]) => a + v, 0);
  parts.push(`lock waits ${(locks * 100).toFixed(1)} % of ${c.waitSamples} busy-backend samples (running ${((c.waits.CPU ?? 0) * 100).toFixed(0)} %${waits.length ? `; ${waits.join(', ')}` : ''})`);
  const cpu = Object.entries(c.cpuMs)
    .map(([k, v]) => `${k} ${f2(v)}`)
    .join(', ');
  parts.push(`CPU ms: ${cpu}`);
  return parts.join('; ');
}

// ---------------------------------------------------------------------------------------------------------------
// /proc

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statFields(pid: number): string[] | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: split after its closing parenthesis.
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a live process, ms (0 when gone or not on this machine). */
export function cpuMsOf(pid: number): number {
  const f = statFields(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : 0;
}

function parentOf(pid: number): number | null {
  const f = statFields(pid);
  return f ? Number(f[1]) : null;
}

/** The whole server: the postmaster, its children that ended (cutime + cstime) and those alive. */
function postgresCpuMs(postmaster: number): number {
  const f = statFields(postmaster);
  if (!f) return 0;
  let total = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const c = statFields(Number(name));
    if (c && Number(c[1]) === postmaster) total += (Number(c[11]) + Number(c[12])) * TICK_MS;
  }
  return total;
}

function lsnBytes(lsn: string): number {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi!, 16) * 2 ** 32 + parseInt(lo!, 16);
}
