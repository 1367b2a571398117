/**
 * What the benchmark needs around the service: free ports, child processes that are always stopped, a fresh
 * PostgreSQL database, the counting PostgreSQL proxy, the webhook receiver and a load run. It talks to the service
 * only through its public interface: environment, `server/main.ts` child processes, HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: everything started registers how to undo it; run on success, failure, Ctrl-C and SIGTERM.

const cleanups: Array<() => Promise<void> | void> = [];
export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}
let cleaning: Promise<void> | undefined;
/** Undoes everything, newest first; called twice (Ctrl-C during a failure), both wait for the same one pass. */
export function cleanupAll(): Promise<void> {
  cleaning ??= runCleanups();
  return cleaning;
}
async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`bench: clean-up step failed: ${String(err)}\n`);
    }
  }
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// Child processes

export interface Child {
  name: string;
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Starts `node [flags] --import tsx <args>` (or, with `plain`, `node [flags] <args>`) in the project folder. */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, nodeFlags: string[] = [], plain = false): Child {
  const proc = spawn(process.execPath, [...nodeFlags, ...(plain ? [] : ['--import', 'tsx']), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => {
    if (out.length < 1_000_000) out += d.toString();
  });
  proc.stderr!.on('data', (d: Buffer) => {
    if (err.length < 1_000_000) err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!done) {
        proc.kill('SIGKILL');
        await exited;
      }
    })();
    return stopped;
  };
  onCleanup(stop);
  return { name, proc, stdout: () => out, stderr: () => err, exited, stop };
}

/** Waits until GET url answers 200, or throws with the child's output when it exits or the time runs out. */
export async function waitHealthy(child: Child, url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < until) {
    if (exited) throw new Error(`${child.name} exited while starting:\n${child.stdout()}\n${child.stderr()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.stderr()}`);
}

export async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const v = await fn();
    if (v !== undefined) return v;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a fresh database per run

/**
 * A fresh database on the server, created and dropped through `sessionUrl` (PostgreSQL itself when `serverUrl` is a
 * pooler: a DROP … WITH (FORCE) there would end the pooler's own connections); its URLs on both.
 */
export async function createDatabase(serverUrl: string, sessionUrl = serverUrl): Promise<{ url: string; sessionUrl: string }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: sessionUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: sessionUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  });
  const on = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return { url: on(serverUrl), sessionUrl: on(sessionUrl) };
}

/**
 * A TCP proxy in front of PostgreSQL that counts the frontend messages of every connection through it: a simple
 * Query ('Q') and a Sync ('S', the end of an extended-protocol exchange) are one round trip each. The first message
 * of a connection has no type byte (a StartupMessage, or an SSLRequest/GSSENCRequest followed by another untyped
 * message); everything after the StartupMessage is `type, int32 length, body`.
 */
export interface CountingProxy {
  port: number;
  roundTrips: () => number;
  close: () => Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export async function startCountingProxy(upstream: URL): Promise<CountingProxy> {
  let trips = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client);
    sockets.add(server);
    let startup = true;
    let buf: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      for (;;) {
        if (startup) {
          if (buf.length < 8) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) startup = false;
          buf = buf.subarray(len);
        } else {
          if (buf.length < 5) break;
          const len = buf.readInt32BE(1);
          if (buf.length < len + 1) break;
          const type = buf[0];
          if (type === 0x51 /* Q */ || type === 0x53 /* S */) trips++;
          buf = buf.subarray(len + 1);
        }
      }
      server.write(chunk);
    });
    server.pipe(client);
    const end = (): void => {
      client.destroy();
      server.destroy();
      sockets.delete(client);
      sockets.delete(server);
    };
    client.on('close', end).on('error', end);
    server.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = async (): Promise<void> => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  };
  onCleanup(close);
  return { port: (server.address() as net.AddressInfo).port, roundTrips: () => trips, close };
}

// ---------------------------------------------------------------------------------------------------------------
// Webhook receiver: verifies the Standard Webhooks signature (spec: tag-webhooks.md, "Verifying a delivery")

export interface Delivery {
  at: number;
  webhookId: string;
  type: string;
  objectId: string;
  valid: boolean;
  path: string;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Secret of each path's endpoint, set after registration. */
  secrets: Map<string, string>;
  close: () => Promise<void>;
}

export function verifyStandard(raw: Buffer, h: http.IncomingHttpHeaders, secret: string): boolean {
  const id = h['webhook-id'];
  const ts = h['webhook-timestamp'];
  const sigs = h['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string' || !/^\d+$/.test(ts)) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.`).update(raw).digest();
  return sigs.split(' ').some((entry) => {
    const got = Buffer.from(entry.startsWith('v1,') ? entry.slice(3) : '', 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

export async function startReceiver(): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const secrets = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(parts);
      const p = (req.url ?? '/').split('?')[0]!;
      const secret = secrets.get(p);
      const valid = secret !== undefined && verifyStandard(raw, req.headers, secret);
      let type = '';
      let objectId = '';
      try {
        const body = JSON.parse(raw.toString('utf8')) as { type?: string; payload?: { object?: { id?: string } } };
        type = body.type ?? '';
        objectId = body.payload?.object?.id ?? '';
      } catch {
        // counted as invalid below
      }
      deliveries.push({ at, webhookId: String(req.headers['webhook-id'] ?? ''), type, objectId, valid, path: p });
      res.writeHead(valid ? 204 : 400).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  onCleanup(close);
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, deliveries, secrets, close };
}

// ---------------------------------------------------------------------------------------------------------------
// Load

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Called for each request: returns its path, headers and body (for unique idempotency keys, distinct ids). */
  setup?: () => { path?: string; headers?: Record<string, string>; body?: string } | undefined;
  /** At most this many requests in all. */
  amount?: number;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const opts: autocannon.Options = {
    url: o.url,
    connections: o.connections,
    duration: o.duration,
    method: o.method ?? 'GET',
    headers: o.headers ?? {},
    ...(o.body !== undefined ? { body: o.body } : {}),
    ...(o.amount !== undefined ? { amount: o.amount } : {}),
    timeout: 10,
  };
  if (o.setup) {
    const setup = o.setup;
    opts.requests = [
      {
        method: o.method ?? 'GET',
        setupRequest: (req) => {
          const s = setup();
          if (!s) return req;
          return {
            ...req,
            ...(s.path !== undefined ? { path: s.path } : {}),
            ...(s.body !== undefined ? { body: s.body } : {}),
            headers: { ...(req.headers ?? {}), ...(s.headers ?? {}) },
          };
        },
      },
    ];
  }
  const r = await autocannon(opts);
  const ok2xx = r['2xx'] ?? 0;
  return {
    // Requests over the run's own duration (a run limited by `amount` may end before `duration`).
    rps: r.duration > 0 ? (ok2xx + r.non2xx) / r.duration : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: ok2xx + r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

export function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
