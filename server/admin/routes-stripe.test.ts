/**
 * `routes add --kind stripe`, `list` and `test` as the admin runner runs them, against the fake Stripe: the secret key
 * and the signing secret go in from files and never come back out (list shows hints), a key of the wrong mode is
 * refused, and `test` retrieves the account in one line, or says in one line what failed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe';
import { ENGINES } from '../testing/harness';
import { expectOnlySdk } from '../testing/stripe';
import { runAdmin } from './run';

describe.each(ENGINES)('the routes admin commands for Stripe on $name', (engine) => {
  let db: Db;
  let drop: () => Promise<void>;
  let stripe: FakeStripe;
  let dir: string;
  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    stripe = await startFakeStripe({ livemode: true });
    dir = await mkdtemp(join(tmpdir(), 'routes-stripe-'));
    await writeFile(join(dir, 'key.txt'), `${stripe.secretKey}\n`);
    await writeFile(join(dir, 'whsec.txt'), `${stripe.webhookSecret}\n`);
    await writeFile(join(dir, 'test-key.txt'), 'sk_test_0123456789abcdefghij\n');
    await writeFile(join(dir, 'wrong-key.txt'), 'sk_live_WrongWrongWrongWrong0000\n');
  });
  afterAll(async () => {
    await drop();
    await stripe.close();
    await rm(dir, { recursive: true, force: true });
  });

  const add = (id: string, keyFile: string, extra: string[] = []) =>
    runAdmin(['routes', 'add', '--kind', 'stripe', '--id', id, '--mode', 'production', '--secret-key-file', join(dir, keyFile),
      '--webhook-secret-file', join(dir, 'whsec.txt'), '--api-url', stripe.url, ...extra], db);

  it('adds a Stripe route with its secrets sealed, says where to register its endpoint, and lists hints only', async () => {
    const added = await add('stripe-main', 'key.txt');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^route stripe-main added: stripe, production, position 1; register the webhook endpoint \S+\/hooks\/routes\/stripe-main\/stripe at Stripe for the events payment_intent\.succeeded, /);
    const list = await runAdmin(['routes', 'list'], db);
    expect(list.stdout).toMatch(/^stripe-main\s+stripe\s+production\s+1\s+enabled\s+http:\/\/127\.0\.0\.1:\d+\s/m);
    expect(list.stdout).toContain(`secretKey sk_live_****${stripe.secretKey.slice(-4)}`);
    const json = await runAdmin(['routes', 'list', '--json'], db);
    const stored = await db.query<{ j: string }>(`SELECT row_to_json(r)::text AS j FROM payment_routes r`);
    for (const text of [list.stdout, json.stdout, added.stdout, stored.rows.map((r) => r.j).join('\n')]) {
      expect(text).not.toContain(stripe.secretKey);
      expect(text).not.toContain(stripe.webhookSecret);
    }
  });

  it('refuses a test key on a production route and a file that is no signing secret, one line each', async () => {
    const refused = await add('stripe-test-key', 'test-key.txt');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('admin: --secret-key of a production route must be a live key (sk_live_… or rk_live_…)\n');
    const remote = await runAdmin(['routes', 'add', '--kind', 'stripe', '--id', 'stripe-http', '--mode', 'production', '--secret-key-file', join(dir, 'key.txt'),
      '--webhook-secret-file', join(dir, 'key.txt'), '--api-url', 'http://stripe.example'], db);
    expect(remote.stderr).toContain('--webhook-secret must be the signing secret');
    expect(remote.stderr).toContain('--api-url must be https');
    expect(await runAdmin(['routes', 'add', '--kind', 'paypal', '--id', 'x-y', '--mode', 'production'], db)).toMatchObject({ code: 2 });
  });

  it("tests a route by retrieving its account, or says in one line what Stripe answered", async () => {
    const ok = await runAdmin(['routes', 'test', '--id', 'stripe-main'], db);
    expect(ok).toMatchObject({ code: 0, stdout: `route stripe-main: ok: the key reaches Stripe account ${stripe.account.id} (BR)\n` });
    await add('stripe-wrong', 'wrong-key.txt');
    const refused = await runAdmin(['routes', 'test', '--id', 'stripe-wrong'], db);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^admin: route stripe-wrong: account: Stripe answered 401 invalid_request_error: (\[req_\w+\] )?Invalid API Key provided: sk_live_\*+0000\n$/);
    expect(refused.stderr).not.toContain('WrongWrongWrong');
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/account', 'GET /v1/account']);
    expectOnlySdk(stripe);
  });
});
