/**
 * The README's "Try it" block, run as a reader runs it: the service started as `npm start` starts it (a process of
 * its own on a fresh data folder, printing its demo key), then each command of the block pasted into bash with only
 * the key and the ids earlier answers printed put in. Every command must answer 2xx and what its comment promises, so
 * the walkthrough cannot drift from the service.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startProcess, stopProcess, type Started } from '../server/testing/processes';
import { readerTools, shellBlocks, shellCommands, ShellSession, type ShellAnswer, type ShellCommand } from '../server/testing/shell';

type Json = Record<string, unknown>;
interface Cycles {
  data: { status: string }[];
}

interface Promise_ {
  /** Asserts what the comment promises; throws (an expect) when the answer does not hold it. */
  check(answer: ShellAnswer, ctx: Context): void | Promise<void>;
  /** A read of work done in the background: run again until it holds (a reader waits a moment too). */
  poll?: true;
}

interface Context {
  session: ShellSession;
  baseUrl: string;
  key: string;
}

const POLL_DEADLINE_MS = 60_000;

const json = (a: ShellAnswer): Json => {
  expect(a.json, a.body.slice(0, 300)).toBeTypeOf('object');
  return a.json as Json;
};
const created = (a: ShellAnswer, prefix: string): Json => {
  expect(a.status, a.body.slice(0, 300)).toBe(201);
  const body = json(a);
  expect(body.id).toMatch(new RegExp(`^${prefix}_`));
  return body;
};
const ok = (a: ShellAnswer): Json => {
  expect(a.status, a.body.slice(0, 300)).toBe(200);
  return json(a);
};

/** Reads what the README only describes happening after its command (a withdrawal paid in the background). */
async function untilHolds(what: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + POLL_DEADLINE_MS;
  for (;;) {
    try {
      return await what();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** What each trailing comment of the block promises, by its exact text. A comment not listed here fails the test. */
const PROMISES: Record<string, Promise_> = {
  'the sandbox key npm start printed; every command below sends it': { check: (a) => expect(a.status).toBeUndefined() },
  '200, no wallets yet': { check: (a) => expect(ok(a).data).toEqual([]) },
  '→ tra_…, pending': { check: (a) => expect(created(a, 'tra').status).toBe('pending') },
  'payment.pixQrCodeEmv; customer.id cus_…': {
    poll: true,
    check: (a) => {
      expect(ok(a)).toMatchObject({ payment: { pixQrCodeEmv: expect.stringMatching(/^000201/) }, customer: { id: expect.stringMatching(/^cus_/) } });
    },
  },
  '→ approved': { check: (a) => expect(ok(a).status).toBe('approved') },
  'available 19802: BRL 200.00 less the 0.99 % fee': {
    poll: true,
    check: (a) => expect(ok(a).balances).toEqual([expect.objectContaining({ currency: 'BRL', available: 19_802 })]),
  },
  '→ wall_…': { check: (a) => void created(a, 'wall') },
  '201 pending → paid': {
    async check(a, { session, baseUrl, key }) {
      const withdrawal = created(a, 'wdr');
      expect([withdrawal.status, withdrawal.amount]).toEqual(['pending', 10_000]);
      expect(session.ids.get('wdr')).toBe(withdrawal.id);
      await untilHolds(async () => {
        const res = await fetch(`${baseUrl}/v1/withdrawals/${withdrawal.id}`, { headers: { ServiceKey: key } });
        expect(((await res.json()) as Json).status).toBe('paid');
      });
    },
  },
  'paid, then scheduled': {
    poll: true,
    check: (a) => expect((ok(a) as unknown as Cycles).data.map((c) => c.status).sort()).toEqual(['paid', 'scheduled']),
  },
  '→ accessFullUrl …/c/acc_…': {
    check: (a, { baseUrl }) => expect(created(a, 'link').accessFullUrl).toMatch(new RegExp(`^${baseUrl}/c/acc_\\w+$`)),
  },
  "the payer's page (HTML), no key": {
    check: (a) => {
      expect(a.status).toBe(200);
      expect(a.body).toMatch(/^<!doctype html>/i);
      expect(a.body).toContain('Camiseta Acme');
    },
  },
  'started, completed, abandoned': {
    check: (a) => expect(ok(a).sessions).toEqual(expect.objectContaining({ started: expect.any(Number), completed: 0, abandoned: 0 })),
  },
  '→ clk_…': { check: (a) => void created(a, 'clk') },
  '12 cycles billed': {
    check: (a) => {
      const statuses = (ok(a) as unknown as Cycles).data.map((c) => c.status);
      expect(statuses.filter((s) => s === 'paid')).toHaveLength(12);
      expect(statuses.filter((s) => s !== 'paid')).toEqual(['scheduled']);
    },
  },
};

/** The walkthrough: the README's shell block that calls the API. */
export function walkthrough(readme: string): ShellCommand[] {
  const blocks = shellBlocks(readme).filter((b) => b.includes('/v1/transactions'));
  expect(blocks, 'one shell block of the README calls /v1/transactions').toHaveLength(1);
  return shellCommands(blocks[0]!);
}

/** True for a command that only reads, which a reader may run again: no body, no other method. */
const isRead = (c: ShellCommand) => !/\s-(d|X)\s/.test(c.source);

describe('the README walkthrough, run as written against `npm start`', { timeout: 240_000 }, () => {
  let dir = '';
  let service: Started;
  let key = '';
  let tools = '';
  beforeAll(async () => {
    tools = await readerTools();
    dir = await mkdtemp(join(tmpdir(), 'payments-readme-'));
    service = await startProcess(join(dir, 'data'), {}, 240_000);
    key = /sandbox key: (sk_test_\w+)/.exec(service.output())?.[1] ?? '';
    expect(key, service.output()).not.toBe('');
  }, 300_000);
  afterAll(async () => {
    if (service) await stopProcess(service);
    if (dir) await rm(dir, { recursive: true, force: true });
    if (tools) await rm(tools, { recursive: true, force: true });
  });

  it('answers every command 2xx, with what its comment promises', async () => {
    const commands = walkthrough(await readFile(join(ROOT, 'README.md'), 'utf8'));
    expect(commands.length).toBeGreaterThan(15);
    expect(commands[0]?.source, 'the block starts by setting the key').toMatch(/^export PAYMENTS_API_KEY=sk_test_…/);
    const baseUrl = `http://127.0.0.1:${service.port}`;
    // The reader's terminal: nothing but curl and a stock Debian's cat on the PATH, no key until the block exports it.
    const ctx: Context = { session: new ShellSession(baseUrl, key, { PATH: tools }), baseUrl, key };
    for (const command of commands) {
      const what = `README line ${command.line} (${command.promise ?? 'no comment'}):\n${command.source}`;
      const promise = command.promise === undefined ? undefined : PROMISES[command.promise];
      if (command.promise !== undefined && !promise) throw new Error(`${what}\nthis test knows no check for that comment: add one`);
      const attempt = async () => {
        const answer = await ctx.session.run(command);
        if (answer.status !== undefined) expect(answer.status, `${what}\n${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        if (answer.status !== undefined) expect(answer.status, `${what}\n${answer.body.slice(0, 300)}`).toBeLessThan(300);
        await promise?.check(answer, ctx);
      };
      try {
        await (promise?.poll && isRead(command) ? untilHolds(attempt) : attempt());
      } catch (err) {
        throw new Error(`${what}\n${err instanceof Error ? err.message : String(err)}`);
      }
    }
  });
});
