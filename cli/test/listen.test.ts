/**
 * `payments listen` against a fake event stream (the wire format of GET /v1/sandbox/events/stream: `event: ready`,
 * `delivery` messages, keep-alive comments) and real local receivers: signatures, retries, reconnections with
 * Last-Event-ID, the filter, the secret, refusals and stopping. The CLI runs in-process with short delays.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signTestWebhook, verifyWebhook } from '@payments-service/client/webhooks';
import { signatureHeaders } from '../../server/webhooks/signer';
import { startReceiver, type Receiver } from '../../server/testing/receiver';
import type { ListenTuning, Timing } from '../src/context';
import { runCli, type Run } from './run';
import { track } from '../../server/testing/children';

const KEY = 'sk_test_cliListenTestsKey000000000';
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const FAST: Partial<Timing> = { retryBaseMs: 50, retryCapMs: 400, reconnectBaseMs: 50, reconnectCapMs: 200, streamIdleMs: 5_000 };

interface Event {
  id: string;
  type: string;
  body: string;
}

function event(n: number, type = 'transaction.approved'): Event {
  const id = `wbh_test${n}`;
  const body = JSON.stringify({ id, type, source: 'automatic', payload: { object: { id: `tra_test${n}`, status: 'approved' } }, createdAt: '2026-11-24T12:00:00.000Z' });
  return { id, type, body };
}

/** A fake stream: each connection is handed to the test's script with its number (0 for the first). */
class FakeStream {
  readonly requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  private readonly open = new Set<ServerResponse>();
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(script: (res: ServerResponse, n: number, req: IncomingMessage) => void): Promise<FakeStream> {
    let stream: FakeStream | undefined;
    const server = createServer((req, res) => {
      const n = stream!.requests.length;
      stream!.requests.push({ url: req.url ?? '', headers: req.headers });
      stream!.open.add(res);
      res.on('close', () => stream!.open.delete(res));
      script(res, n, req);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    stream = new FakeStream(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return stream;
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

function begin(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-correlation-id': 'cor_stream' });
  res.write(`event: ready\ndata: ${JSON.stringify({ secret: SECRET })}\n\n`);
}

function send(res: ServerResponse, e: Event): void {
  res.write(`id: ${e.id}\nevent: delivery\ndata: ${JSON.stringify({ id: e.id, type: e.type, body: e.body })}\n\n`);
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-correlation-id': 'cor_refused' });
  res.end(JSON.stringify({ error: { status: 'Refused', statusCode: status, category: 'client', code, message, resource: 'webhookEvent' } }));
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

function listen(stream: FakeStream, args: string[], extra: { now?: () => number; timing?: Partial<Timing>; listen?: ListenTuning } = {}): Run {
  const run = runCli(['listen', ...args], { PAYMENTS_API_KEY: KEY, PAYMENTS_BASE_URL: stream.url }, {
    timing: { ...FAST, ...extra.timing },
    ...(extra.now ? { now: extra.now } : {}),
    ...(extra.listen ? { listen: extra.listen } : {}),
  });
  cleanups.push(() => {
    run.stop();
    return run.done;
  });
  return run;
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver('/webhooks');
  cleanups.push(() => r.close());
  return r;
}

async function fakeStream(script: (res: ServerResponse, n: number, req: IncomingMessage) => void): Promise<FakeStream> {
  const s = await FakeStream.start(script);
  cleanups.push(() => s.close());
  return s;
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** A receiver that answers 200 `delayMs` after each delivery, recording the webhook ids in the order received. */
async function slowReceiver(delayMs: number): Promise<{ url: string; ids: string[] }> {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      setTimeout(() => res.writeHead(200).end(), delayMs);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((done) => server.close(() => done()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, ids };
}

/** The delays of the "Stream lost …; reconnecting in …" lines, in order. */
function reconnectDelays(stderr: string): string[] {
  return [...stderr.matchAll(/^Stream lost \(.*\); reconnecting in (\d+ m?s)/gm)].map((m) => m[1]!);
}

describe('listen forwards', () => {
  it('each delivery as it is, signed with the ready secret so that verifyWebhook accepts it', async () => {
    const events = [event(1), event(2, 'transaction.failed')];
    const stream = await fakeStream((res) => {
      begin(res);
      res.write(': keep-alive\n\n');
      for (const e of events) send(res, e);
      res.write(': keep-alive\n\n');
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url]);

    await until(() => expect(hooks.received).toHaveLength(2));
    expect(hooks.received.map((r) => r.body)).toEqual(events.map((e) => e.body));
    hooks.received.forEach((r, i) => {
      expect(verifyWebhook(r.body, r.headers, SECRET)).toMatchObject({ id: events[i]!.id, type: events[i]!.type });
      expect(r.headers['webhook-id']).toBe(events[i]!.id);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-service-event']).toBe(events[i]!.type);
      expect(r.headers['user-agent']).toMatch(/^PaymentsService-CLI\//);
    });
    expect(stream.requests[0]!.headers.servicekey).toBe(KEY);
    expect(stream.requests[0]!.headers.accept).toBe('text/event-stream');
    expect(stream.requests[0]!.headers['last-event-id']).toBeUndefined();

    await until(() => expect(run.stdout().trimEnd().split('\n')).toHaveLength(3));
    const [ready, ...lines] = run.stdout().trimEnd().split('\n');
    expect(ready).toBe(`Ready. Forwarding sandbox events to ${hooks.url}. Signing secret: ${SECRET} (Ctrl-C to stop)`);
    expect(lines).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}transaction\.approved {12}wbh_test1 {2}→ 200$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}transaction\.failed {14}wbh_test2 {2}→ 200$/),
    ]);
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.stdout() + run.stderr()).not.toContain(KEY);
  });

  it('signs exactly as the service signs its own deliveries (server/webhooks/signer.ts)', () => {
    const e = event(9);
    const { headers } = signTestWebhook(e.body, SECRET, { eventId: e.id, timestamp: 1_790_000_000 });
    const service = signatureHeaders(e.body, SECRET, e.id, 1_790_000_000);
    for (const [name, value] of Object.entries(service)) expect(headers[name], name).toBe(value);
  });

  it('as NDJSON lines with --json', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      send(res, event(1));
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url, '--json']);
    await until(() => expect(run.stdout().trimEnd().split('\n')).toHaveLength(2));
    const [ready, line] = run.stdout().trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(ready).toEqual({ ready: true, forwardTo: hooks.url, events: [], secret: SECRET });
    expect(line).toMatchObject({ id: 'wbh_test1', type: 'transaction.approved', attempt: 1, status: 200, outcome: 'delivered' });
  });
});

describe('listen retries', () => {
  it('a receiver that fails twice: three attempts of the same body, each freshly timestamped, without holding back later events', async () => {
    const first = event(1);
    const later = event(2, 'transaction.created');
    const stream = await fakeStream((res) => {
      begin(res);
      send(res, first);
      send(res, later);
    });
    const hooks = await receiver();
    hooks.answer({ status: 500, body: '<html>\n  <body>Internal   error</body>\n</html>' }, { status: 200, body: 'ok' }, { status: 500, body: 'still down' }, { status: 200, body: 'ok' });
    // A clock that moves 7 s at each reading: every attempt gets a timestamp of its own.
    let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
    const run = listen(stream, ['--forward-to', hooks.url], { now: () => (clock += 7_000), timing: { retryBaseMs: 300, retryCapMs: 5_000 } });

    await until(() => expect(hooks.received).toHaveLength(4));
    expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual(['wbh_test1', 'wbh_test2', 'wbh_test1', 'wbh_test1']);
    const attempts = hooks.received.filter((r) => r.headers['webhook-id'] === 'wbh_test1');
    expect(attempts.map((r) => r.body)).toEqual([first.body, first.body, first.body]);
    const stamps = attempts.map((r) => Number(r.headers['webhook-timestamp']));
    expect(new Set(stamps).size).toBe(3);
    for (const [i, r] of attempts.entries()) {
      expect(() => verifyWebhook(r.body, r.headers, SECRET, { now: new Date(stamps[i]! * 1000) })).not.toThrow();
    }

    await until(() => expect(run.stdout()).toContain('(attempt 3/6)'));
    const lines = run.stdout().trimEnd().split('\n').slice(1).map((l) => l.replace(/^\S+ \S+ {2}/, ''));
    expect(lines).toEqual([
      'transaction.approved            wbh_test1  → 500 (retry 1/5 in 300 ms): <html> <body>Internal error</body> </html>',
      'transaction.created             wbh_test2  → 200',
      'transaction.approved            wbh_test1  → 500 (retry 2/5 in 600 ms): still down',
      'transaction.approved            wbh_test1  → 200 (attempt 3/6)',
    ]);
  });

  it('a receiver that refuses connections, until it listens', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      send(res, event(1));
    });
    const spare = createServer();
    await new Promise<void>((done) => spare.listen(0, '127.0.0.1', done));
    const { port } = spare.address() as AddressInfo;
    await new Promise<void>((done) => spare.close(() => done()));

    const received: string[] = [];
    const late = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204).end();
      });
    });
    cleanups.push(() => new Promise<void>((done) => late.close(() => done())));
    const run = listen(stream, ['--forward-to', `http://127.0.0.1:${port}/webhooks`, '--max-retries', '8'], { timing: { retryBaseMs: 100, retryCapMs: 1_000 } });

    await until(() => expect(run.stdout()).toContain('wbh_test1  → connection refused (retry 1/8 in 100 ms)'));
    await new Promise<void>((done) => late.listen(port, '127.0.0.1', done));
    await until(() => expect(received).toEqual([event(1).body]));
    await until(() => expect(run.stdout()).toMatch(/wbh_test1 {2}→ 204 \(attempt \d\/9\)\n$/));
  });

  it('gives up after --max-retries, saying so, and 0 means no retry', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      send(res, event(1));
    });
    const hooks = await receiver();
    hooks.answer({ status: 503, body: 'maintenance' });
    const run = listen(stream, ['--forward-to', hooks.url, '--max-retries', '1']);
    await until(() => expect(run.stdout()).toContain('→ 503 (gave up after 2 attempts): maintenance'));
    expect(hooks.received).toHaveLength(2);

    const once = await receiver();
    once.answer({ status: 400, body: '' });
    const single = listen(stream, ['--forward-to', once.url, '--max-retries', '0']);
    await until(() => expect(single.stdout()).toContain('wbh_test1  → 400 (not retried)'));
    expect(once.received).toHaveLength(1);
  });
});

describe('listen keeps the stream', () => {
  it('reconnects after a drop with Last-Event-ID, and loses nothing', async () => {
    const stream = await fakeStream((res, n) => {
      begin(res);
      if (n === 0) {
        send(res, event(1));
        setTimeout(() => res.destroy(), 50);
      } else {
        send(res, event(2));
      }
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url]);

    await until(() => expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual(['wbh_test1', 'wbh_test2']));
    expect(stream.requests).toHaveLength(2);
    expect(stream.requests[1]!.headers['last-event-id']).toBe('wbh_test1');
    expect(run.stderr()).toMatch(/^Stream lost \(connection lost: [^)]+\); reconnecting in 50 ms, resuming after wbh_test1\.\nReconnected, resuming after wbh_test1\.\n$/);
    expect(run.stdout().match(/^Ready\./gm)).toHaveLength(1);
  });

  it('reopens a stream that falls silent (no keep-alive), and retries a service that is down meanwhile', async () => {
    const stream = await fakeStream((res, n) => {
      if (n === 1) return refuse(res, 503, 'serviceUnavailable', 'The service is restarting.');
      begin(res);
      if (n === 2) send(res, event(3));
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url], { timing: { streamIdleMs: 300 } });
    await until(() => expect(hooks.received).toHaveLength(1));
    expect(run.stderr().split('\n').slice(0, 3)).toEqual([
      'Stream lost (nothing received for 300 ms); reconnecting in 50 ms.',
      'Reconnecting failed (serviceUnavailable: The service is restarting. (correlation id cor_refused)); next try in 100 ms.',
      'Reconnected.',
    ]);
  });

  it('goes on with new events when the service no longer keeps the last one received', async () => {
    const stream = await fakeStream((res, n, req) => {
      if (n === 1 && req.headers['last-event-id']) return refuse(res, 404, 'webhookEventNotFound', 'Webhook event wbh_test1 was not found.');
      begin(res);
      if (n === 0) {
        send(res, event(1));
        setTimeout(() => res.destroy(), 50);
      }
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url]);
    await until(() => expect(stream.requests).toHaveLength(3));
    expect(stream.requests[2]!.headers['last-event-id']).toBeUndefined();
    expect(run.stderr()).toContain('warning: the events after wbh_test1 are no longer kept; going on with new events only\n');
  });

  it('sends --events as repeated type parameters', async () => {
    const stream = await fakeStream((res) => begin(res));
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url, '--events', 'transaction.approved, transaction.failed']);
    await until(() => expect(run.stdout()).toContain('Ready.'));
    const url = new URL(stream.requests[0]!.url, stream.url);
    expect(url.pathname).toBe('/v1/sandbox/events/stream');
    expect(url.searchParams.getAll('type')).toEqual(['transaction.approved', 'transaction.failed']);
    expect(run.stdout()).toContain('Forwarding sandbox events (transaction.approved, transaction.failed) to');
  });
});

describe('listen holds back a backlog', () => {
  it('to a slow receiver: never more than the bound held, the stream read as the receiver takes them, all in order', async () => {
    const events = Array.from({ length: 40 }, (_, i) => event(i + 1));
    const stream = await fakeStream((res) => {
      begin(res);
      for (const e of events) send(res, e);
      // Keep-alives as the service sends them: while the CLI holds the reading back it does not see them, and that
      // stall must not be taken for a silent stream.
      const beat = setInterval(() => res.write(': keep-alive\n\n'), 100);
      res.on('close', () => clearInterval(beat));
    });
    const hooks = await slowReceiver(25);
    const held: number[] = [];
    const run = listen(stream, ['--forward-to', hooks.url], { timing: { streamIdleMs: 300 }, listen: { maxHeld: 5, onHeld: (n) => held.push(n) } });

    await until(() => expect(hooks.ids).toHaveLength(40));
    await until(() => expect(held.at(-1)).toBe(0));
    expect(hooks.ids).toEqual(events.map((e) => e.id));
    expect(Math.max(...held)).toBe(5);
    expect(stream.requests).toHaveLength(1);
    expect(run.stderr()).toBe('');
    expect(run.stdout().match(/ → 200$/gm)).toHaveLength(40);
  });

  it('Ctrl-C while the reading is held back: stops at once, naming the events held', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      for (const n of [1, 2, 3, 4]) send(res, event(n));
    });
    const hooks = await receiver();
    hooks.answer('hang');
    const held: number[] = [];
    const run = listen(stream, ['--forward-to', hooks.url], { listen: { maxHeld: 2, onHeld: (n) => held.push(n) } });
    await until(() => expect(hooks.received).toHaveLength(1));
    await until(() => expect(held).toEqual([1, 2]));
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.stderr()).toBe('Stopped. Not delivered: wbh_test1, wbh_test2.\n');
  });
});

describe('listen backs off', () => {
  it('from a service that fails right after ready each time: the reconnection delays keep doubling', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      res.end();
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url], { timing: { reconnectBaseMs: 20, reconnectCapMs: 160 } });
    await until(() => expect(reconnectDelays(run.stderr()).length).toBeGreaterThanOrEqual(6));
    expect(reconnectDelays(run.stderr()).slice(0, 6)).toEqual(['20 ms', '40 ms', '80 ms', '160 ms', '160 ms', '160 ms']);
    expect(hooks.received).toHaveLength(0);
  });

  it('starting again from the first delay once a connection has worked: a keep-alive, a delivery, or 30 s up by the clock', async () => {
    let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
    let stderr = () => '';
    const stream = await fakeStream((res, n) => {
      begin(res);
      if (n === 2) res.write(': keep-alive\n\n');
      if (n === 4) send(res, event(1));
      if (n === 6) {
        // Ends once the CLI has taken this connection's ready, 30 s later by its clock.
        void until(() => expect(stderr().match(/^Reconnected/gm)).toHaveLength(6)).then(() => {
          clock += 30_000;
          res.end();
        });
        return;
      }
      res.end();
    });
    const hooks = await receiver();
    const run = listen(stream, ['--forward-to', hooks.url], { now: () => clock, timing: { reconnectBaseMs: 20, reconnectCapMs: 160 } });
    stderr = run.stderr;
    await until(() => expect(reconnectDelays(run.stderr()).length).toBeGreaterThanOrEqual(8));
    // Connections 0 and 1 fail at once; 2 (keep-alive), 4 (delivery) and 6 (30 s) worked before failing.
    expect(reconnectDelays(run.stderr()).slice(0, 8)).toEqual(['20 ms', '40 ms', '20 ms', '40 ms', '20 ms', '40 ms', '20 ms', '40 ms']);
    expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual(['wbh_test1']);
  });
});

describe('listen, other ends', () => {
  it('--print-secret prints the secret alone and exits 0', async () => {
    const stream = await fakeStream((res) => begin(res));
    const run = listen(stream, ['--print-secret']);
    expect(await run.done).toBe(0);
    expect(run.stdout()).toBe(`${SECRET}\n`);
    expect(run.stderr()).toBe('');
  });

  it('a production key: one line saying listen needs a sandbox key, exit 1', async () => {
    const stream = await fakeStream((res) => refuse(res, 403, 'sandboxOnly', 'This operation is available to sandbox keys only.'));
    const run = listen(stream, ['--forward-to', 'http://127.0.0.1:9/webhooks']);
    expect(await run.done).toBe(1);
    expect(run.stderr()).toBe('error: sandboxOnly: listen needs a sandbox key (sk_test_…); this key is a production key (correlation id cor_refused)\n');
    expect(run.stdout()).toBe('');
  });

  it('a service that cannot be reached at the start: one line naming it, exit 1', async () => {
    const stream = await fakeStream((res) => begin(res));
    const url = stream.url;
    await stream.close();
    const run = listen(stream, ['--forward-to', 'http://127.0.0.1:9/webhooks']);
    expect(await run.done).toBe(1);
    expect(run.stderr()).toBe(`error: cannot reach the service at ${url} (ECONNREFUSED); is it running? Set --base-url or PAYMENTS_BASE_URL\n`);
  });

  it('Ctrl-C stops cleanly (exit 0), naming the events still being retried', async () => {
    const stream = await fakeStream((res) => {
      begin(res);
      send(res, event(1));
    });
    const hooks = await receiver();
    hooks.answer({ status: 500 });
    const run = listen(stream, ['--forward-to', hooks.url], { timing: { retryBaseMs: 60_000, retryCapMs: 60_000 } });
    await until(() => expect(run.stdout()).toContain('retry 1/5 in 60 s'));
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.stderr()).toBe('Stopped. Not delivered: wbh_test1.\n');
  });

  it('a key revoked while listening: the error line, then the events taken and not delivered, exit 1', async () => {
    let first: ServerResponse | undefined;
    const stream = await fakeStream((res, n) => {
      if (n > 0) return refuse(res, 401, 'unauthorized', 'A valid ServiceKey header is required.');
      begin(res);
      for (const id of [1, 2, 3]) send(res, event(id));
      first = res;
    });
    const hooks = await receiver();
    hooks.answer({ status: 500, body: 'down' }, 'hang');
    const run = listen(stream, ['--forward-to', hooks.url], { timing: { retryBaseMs: 60_000, retryCapMs: 60_000 } });
    // wbh_test1 waits for its retry, wbh_test2's attempt gets no answer, wbh_test3 waits behind it.
    await until(() => expect(hooks.received).toHaveLength(2));
    await until(() => expect(run.stdout()).toContain('wbh_test1  → 500 (retry 1/5 in 60 s)'));
    first!.destroy();
    expect(await run.done).toBe(1);
    expect(run.stderr()).toMatch(
      /^Stream lost \(connection lost: [^)]+\); reconnecting in 50 ms, resuming after wbh_test3\.\nerror: unauthorized: A valid ServiceKey header is required\. \(correlation id cor_refused\)\nNot delivered: wbh_test1, wbh_test2, wbh_test3\.\n$/,
    );
  });

  // A program spawned through tsx compiles on start: on a busy machine that alone can take more than `until`'s 10 s.
  it('the payments program stops on SIGINT with exit 0', { timeout: 90_000 }, async () => {
    const stream = await fakeStream((res) => begin(res));
    const root = resolve(import.meta.dirname, '../..');
    const child = track(spawn(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'cli/src/cli.ts'), 'listen', '--forward-to', 'http://127.0.0.1:9/webhooks'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PAYMENTS_API_KEY: KEY, PAYMENTS_BASE_URL: stream.url },
    }));
    cleanups.push(() => void child.kill('SIGKILL'));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await vi.waitFor(() => expect(stdout).toContain('Ready.'), { timeout: 60_000, interval: 50 });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toBe('Stopped.\n');
  });
});
