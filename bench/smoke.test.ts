/**
 * The benchmark's smoke mode (`npm run bench -- --smoke`: every scenario for about a second with a few connections,
 * Prism skipped) runs here so the benchmark cannot rot. It asserts what can fail, never a speed: every scenario
 * served its requests without errors or non-2xx answers, every webhook arrived once with a valid signature, the
 * counted round trips are whole numbers above zero, and the printed table has every row.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { track } from '../server/testing/children';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Load {
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function runSmoke(engine: string, databaseUrl: string | undefined): Promise<{ code: number | null; stdout: string; stderr: string; json: any }> {
  const file = path.join(dir, `${engine}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_SESSION_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Through a pooler (.ci/pgbouncer): the services' LISTEN goes to PostgreSQL itself.
  if (databaseUrl && process.env.TEST_DATABASE_SESSION_URL) env.DATABASE_SESSION_URL = process.env.TEST_DATABASE_SESSION_URL;
  const child = track(spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--smoke', '--json', file], { cwd: ROOT, env }));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const json = code === 0 ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  return { code, stdout, stderr, json };
}

function served(name: string, r: Load | undefined): void {
  expect(r, name).toBeDefined();
  expect(r!.requests, `${name} requests`).toBeGreaterThan(0);
  expect({ name, non2xx: r!.non2xx, errors: r!.errors, timeouts: r!.timeouts }).toEqual({ name, non2xx: 0, errors: 0, timeouts: 0 });
}

const ROWS = [
  'bare Express 5 answering a',
  'the service, `GET /v1/transactions/{id}`',
  '`GET /v1/transactions/{id}` vs bare Express',
  'list 20 of',
  '`POST /v1/transactions` (PIX, idempotency key)',
  'the same at an open-loop 20 req/s',
  'card charge created → `approved` (background) at 20 charges/s',
  'background charges after the POST load',
  '`POST /v1/transactions/{id}/capture`',
  'PIX paid → `transaction.approved`',
  'webhook deliveries per second',
  '2 API processes vs 1',
  'round trips per request',
];

const all: Array<[string, string | undefined]> = [['pglite', undefined]];
if (process.env.TEST_DATABASE_URL) all.push(['postgres', process.env.TEST_DATABASE_URL]);
// BENCH_SMOKE_ENGINE=postgres: that engine alone (.ci/pgbouncer, where only PostgreSQL goes through the pooler).
const engines = process.env.BENCH_SMOKE_ENGINE ? all.filter(([name]) => name === process.env.BENCH_SMOKE_ENGINE) : all;

describe.each(engines)('npm run bench -- --smoke on %s', (engine, databaseUrl) => {
  it('runs every scenario without errors, every webhook once and signed, and prints every row', { timeout: 180_000 }, async () => {
    const { code, stdout, stderr, json } = await runSmoke(engine, databaseUrl);
    expect(code, stderr.slice(-3000)).toBe(0);
    for (const name of ['bare', 'get', 'list', 'post', 'capture'] as const) served(name, json[name]);
    expect(json.capture.requests).toBe(json.capture.prepared);
    expect(json.backlog.timedOut).toBe(false);

    const w = json.webhook;
    expect({ received: w.received, duplicates: w.duplicates, invalid: w.invalid }).toEqual({ received: w.charges, duplicates: 0, invalid: 0 });
    expect(json.deliveries.length).toBe(engine === 'postgres' ? 2 : 1);
    for (const d of json.deliveries) {
      expect({ workers: d.workers, received: d.received, duplicates: d.duplicates, missing: d.missing, invalid: d.invalid }).toEqual({
        workers: d.workers,
        received: d.events,
        duplicates: 0,
        missing: 0,
        invalid: 0,
      });
    }

    // The fixed-rate scenarios: every request answered 2xx, every card charge approved and its instants read.
    expect({ sent: json.openloop.sent, ok: json.openloop.ok, errors: json.openloop.errors }).toEqual({ sent: 20, ok: 20, errors: 0 });
    expect(json.openloop.p99).toBeGreaterThan(0);
    const a = json.approve;
    expect({ charges: a.charges, approved: a.approved, refused: a.refused, sent: a.post.sent }).toEqual({ charges: 20, approved: 20, refused: 0, sent: 20 });
    expect(a.drainSeconds).not.toBeNull();
    expect(a.p99).toBeGreaterThanOrEqual(0);

    if (engine === 'postgres') {
      // What an operation costs the database: read off its statistics, so at least its own rows and commits show.
      for (const k of ['post', 'capture', 'approve']) {
        const c = json.costs[k];
        expect(c.operations, k).toBeGreaterThan(0);
        expect(c.rowsInserted, k).toBeGreaterThan(0);
        expect(c.commits, k).toBeGreaterThan(0);
        expect(c.indexEntries, k).toBeGreaterThan(c.rowsInserted);
        expect(c.statements === null || c.statements > 0, k).toBe(true);
      }
      expect(stdout).toContain('| a PIX charge (`post`');
      for (const n of [json.roundtrips.get, json.roundtrips.post]) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThan(0);
      }
      expect(json.scale.one).toBeGreaterThan(0);
      expect(json.scale.two).toBeGreaterThan(0);
    } else {
      expect(json.roundtrips).toBe('n/a');
    }

    for (const row of ROWS) expect(stdout, row).toContain(`| ${row}`);
    expect(stdout).not.toContain('not run');
  });
});
