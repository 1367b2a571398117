/**
 * The CLI's command line: help on every command, usage errors (one line, exit 2), configuration errors, the
 * service unreachable, and the entry file run as the `payments` program would be.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../src/main';
import { FLOWS } from '../src/trigger';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = resolve(ROOT, 'cli/src/cli.ts');
const KEY = 'sk_test_cliUsageTestsKey0000000000';

async function run(argv: string[], env: Record<string, string> = { PAYMENTS_API_KEY: KEY }) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
  return { code, stdout, stderr, lines: stderr.trimEnd().split('\n') };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('payments --help', () => {
  it('lists every command and the connection flags, exit 0', async () => {
    const r = await run(['--help'], {});
    expect(r.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(r.stdout).toContain(`  ${name}`);
    expect(r.stdout).toContain('--api-key');
    expect(r.stdout).toContain('PAYMENTS_BASE_URL');
    expect((await run(['-h'], {})).stdout).toBe(r.stdout);
  });

  it.each(Object.keys(COMMANDS))('%s --help explains the command without a key or a service', async (name) => {
    const r = await run([...name.split(' '), '--help'], {});
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.startsWith(`usage: payments ${name}`)).toBe(true);
    expect(r.stdout).toContain('--api-key');
  });

  it('trigger --help lists every supported event', async () => {
    const r = await run(['trigger', '-h'], {});
    for (const event of Object.keys(FLOWS)) expect(r.stdout).toMatch(new RegExp(`^  ${event.replace('.', '\\.')} +\\S`, 'm'));
  });
});

describe('usage errors: one line, the usage, exit 2', () => {
  it.each([
    [['listen', '--forward-to', 'http://localhost:4242/webhooks', '--bogus'], 'payments: unknown flag --bogus'],
    [['listen'], 'payments: listen needs --forward-to <url> (or --print-secret)'],
    [['listen', '--forward-to', 'http://localhost:4242', '--max-retries', 'many'], 'payments: --max-retries takes a whole number from 0 to 100 (got "many")'],
    [['listen', '--forward-to', 'http://localhost:4242', '--events', 'approved'], 'payments: --events takes event types separated by commas, like transaction.approved,transaction.failed (got "approved")'],
    [['trigger'], 'payments: trigger needs <event>'],
    [['trigger', 'transaction.approved', 'extra'], 'payments: unexpected argument extra'],
    [['events', 'resend', 'tra_123'], 'payments: not an event id: tra_123 (event ids look like wbh_7Rf3EdC9wSx5QaZk)'],
    [['events', 'resend', 'wbh_1', '--endpoint', 'https://x'], 'payments: --endpoint takes an endpoint id like wbe_4Tg8YhU2jIk6OlPm (got https://x)'],
    [['events', 'list', '--limit', '500'], 'payments: --limit takes a whole number from 1 to 100 (got "500")'],
    [['events', 'list', '--base-url', 'localhost:3000'], 'payments: --base-url must be http:// or https:// (got localhost:3000)'],
  ])('%j', async (argv, line) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.lines).toEqual([line, expect.stringMatching(/^usage: payments /)]);
  });

  it('an unknown command or a missing one: one line, then the command list', async () => {
    for (const [argv, line] of [
      [['lisen'], 'payments: unknown command "lisen"'],
      [['events'], 'payments: events needs a subcommand: list or resend'],
      [['events', 'purge'], 'payments: unknown command "events purge"'],
      [['--api-key', KEY, 'listen'], 'payments: flags come after the command (got --api-key first)'],
      [[], 'payments: no command given'],
    ] as const) {
      const r = await run([...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.lines[0]).toBe(line);
      expect(r.lines[1]).toMatch(/^usage: payments <command>/);
    }
  });

  it('an unknown event is one line listing the supported ones', async () => {
    const r = await run(['trigger', 'transaction.teleported']);
    expect(r.code).toBe(2);
    expect(r.lines).toEqual([`payments: cannot trigger "transaction.teleported"; supported: ${Object.keys(FLOWS).join(', ')}`]);
  });

  it('no key: one line naming the flag and the variable', async () => {
    const r = await run(['events', 'list'], {});
    expect(r.code).toBe(2);
    expect(r.lines[0]).toBe('payments: no API key: pass --api-key or set PAYMENTS_API_KEY');
  });
});

describe('failures: one line, exit 1', () => {
  it('a service that cannot be reached is named, and the key is never printed', async () => {
    const port = await closedPort();
    const r = await run(['events', 'list', '--base-url', `http://127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([`error: cannot reach the service at http://127.0.0.1:${port} (ECONNREFUSED); is it running? Set --base-url or PAYMENTS_BASE_URL`]);
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it('trigger refuses a production key before making anything', async () => {
    const port = await closedPort();
    const r = await run(['trigger', 'transaction.approved', '--api-key', 'sk_live_someProductionKey0000000', '--base-url', `http://127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(r.lines).toEqual(['error: trigger needs a sandbox key (sk_test_…): with a production key it would make real charges']);
  });
});

describe('the entry file, as the payments program', () => {
  const tsx = resolve(ROOT, 'node_modules/.bin/tsx');
  const exec = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(tsx, [ENTRY, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } }, (err, stdout, stderr) => {
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });

  it('starts with a shebang line for node, as the package bin', () => {
    expect(readFileSync(ENTRY, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('answers --help with exit 0 and a wrong flag with exit 2', async () => {
    const help = await exec(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: payments <command>/);
    const wrong = await exec(['events', 'list', '--colour']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe('payments: unknown flag --colour');
  });
});
