/**
 * `payments logs tail` against the live service: the requests made with the key appear with their status and
 * correlation id, `--status` keeps only some, another merchant's and the other mode's never appear, and Ctrl-C ends
 * it cleanly. Usage errors of --status are one line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, keyedFetch, startTestService, type TestService } from '../../server/testing/harness';
import { runCli } from './run';

describe.each(ENGINES)('payments logs tail against the service on $name', (engine) => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(engine, { RATE_LIMIT_POINTS: '100000' }, { requestLog: { flushMs: 50 } });
  });
  afterAll(async () => svc?.close());

  const cli = (argv: string[], key: string) => runCli(argv, { PAYMENTS_API_KEY: key, PAYMENTS_BASE_URL: svc.url });

  async function started(argv: string[], key: string) {
    const run = cli(['logs', 'tail', ...argv], key);
    await vi.waitFor(() => expect(run.stderr()).toMatch(/^Ready\. Tailing the sandbox requests/), { timeout: 15_000, interval: 20 });
    return run;
  }

  it('prints each request of the key\'s mode with its status and correlation id; others never appear; Ctrl-C ends it', async () => {
    const m = await svc.newMerchant();
    const other = await svc.newMerchant();
    const all = await started([], m.sandboxKey);
    const errors = await started(['--status', '4xx,500'], m.sandboxKey);
    const json = await started(['--json'], m.sandboxKey);

    const call = keyedFetch(svc.url, m.sandboxKey);
    // Before the merchant's own: another merchant's request, and this merchant's production one.
    const theirs = await keyedFetch(svc.url, other.sandboxKey)('/v1/customers');
    const live = await call('/v1/customers', { key: m.productionKey });
    const ok = await call('/v1/customers');
    const missing = await call('/v1/customers/cus_0000000000000000');
    const okId = ok.headers.get('x-correlation-id')!;
    const missingId = missing.headers.get('x-correlation-id')!;

    await vi.waitFor(() => expect(all.stdout().split('\n').filter(Boolean)).toHaveLength(2), { timeout: 15_000, interval: 50 });
    const [first, second] = all.stdout().trimEnd().split('\n');
    expect(first).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  \\[200\\] GET     /v1/customers  ${okId}  \\d+ ms$`));
    expect(second).toMatch(new RegExp(`  \\[404\\] GET     /v1/customers/cus_0000000000000000  ${missingId}  \\d+ ms  customerNotFound$`));

    await vi.waitFor(() => expect(json.stdout().split('\n').filter(Boolean)).toHaveLength(2), { timeout: 15_000, interval: 50 });
    const objects = json.stdout().trimEnd().split('\n').map((l) => JSON.parse(l) as { status: number; correlationId: string });
    expect(objects.map((o) => [o.status, o.correlationId])).toEqual([[200, okId], [404, missingId]]);

    await vi.waitFor(() => expect(errors.stdout()).toContain(missingId), { timeout: 15_000, interval: 50 });
    expect(errors.stdout()).not.toContain(okId);

    for (const run of [all, errors, json]) {
      const out = run.stdout();
      expect(out).not.toContain(theirs.headers.get('x-correlation-id')!);
      expect(out).not.toContain(live.headers.get('x-correlation-id')!);
      run.stop();
      expect(await run.done).toBe(0);
      expect(run.stderr()).toMatch(/\nStopped\.\n$/);
    }
    // Nothing is left open on the service: a new tail may open at once (a merchant holds at most 5).
    const again = await started([], m.sandboxKey);
    again.stop();
    expect(await again.done).toBe(0);
  });

  it('a --status that is not a class or a status is one line, exit 2, before any request', async () => {
    const run = cli(['logs', 'tail', '--status', '4xx,teapot', '--base-url', 'http://127.0.0.1:9'], svc.merchant.sandboxKey);
    expect(await run.done).toBe(2);
    expect(run.stderr().split('\n')[0]).toBe('payments: --status takes classes like 4xx or statuses like 500, comma-separated (got "4xx,teapot")');
  });

  it('an unknown logs subcommand names the one there is', async () => {
    const run = cli(['logs', 'follow'], svc.merchant.sandboxKey);
    expect(await run.done).toBe(2);
    expect(run.stderr().split('\n')[0]).toBe('payments: unknown command "logs follow"');
    const bare = cli(['logs'], svc.merchant.sandboxKey);
    expect(await bare.done).toBe(2);
    expect(bare.stderr().split('\n')[0]).toBe('payments: logs needs a subcommand: tail');
  });
});
