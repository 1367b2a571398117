/**
 * `npm start` as an operator meets it: a bad setting is one line naming it and what it allows (no stack trace, exit
 * 1); the demo banner with the sandbox key goes to the terminal (stderr), never into the JSON log stream on stdout;
 * and a demo merchant is made on the embedded database, on PostgreSQL only when `DEMO_MERCHANT=1` asks for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES, requirePostgres } from './testing/harness';
import { freePort, spawnService, startProcess, stopProcess } from './testing/processes';

const root = mkdtempSync(join(tmpdir(), 'payments-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the service until it exits on its own (a start-up failure); returns its code and output. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const s = spawnService(join(root, 'unused'), await freePort(), env);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 100_000);
  const code = await s.exited;
  clearTimeout(timer);
  return { code, output: s.output() };
}

describe('a bad setting is one line naming it and what it allows', { timeout: 120_000 }, () => {
  const cases: [string, string, RegExp][] = [
    ['LOG_LEVEL', 'loud', /^payments: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "loud"$/],
    ['SECRETS_KEY', 'c2hvcnQ=', /^payments: SECRETS_KEY must be 32 bytes in base64 \(openssl rand -base64 32\); got 5 bytes$/],
    ['DEMO_MERCHANT', 'yes', /^payments: DEMO_MERCHANT must be 1 \(make a demo merchant on an empty database\) or 0 \(never\); got "yes"$/],
  ];
  it.each(cases)('%s=%s', async (name, value, line) => {
    const { code, output } = await failedStart({ [name]: value });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(output).not.toMatch(/\n\s+at /);
  });
});

/** Every line of the service's stdout is a JSON log record. */
function expectOnlyJsonLines(stdout: string): void {
  const lines = stdout.split('\n').filter((l) => l !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
}

describe('the demo merchant on the embedded database', { timeout: 120_000 }, () => {
  it('is made on a first start and shown on stderr only: stdout stays JSON log lines', async () => {
    const s = await startProcess(join(root, 'banner'));
    try {
      expect(s.stderr()).toMatch(/Demo merchant bus_\w+ created\.\n\s+sandbox key: sk_test_\w+/);
      expect(s.stdout()).not.toContain('sk_test_');
      expectOnlyJsonLines(s.stdout());
    } finally {
      await stopProcess(s);
    }
  });

  it('is not made with DEMO_MERCHANT=0', async () => {
    const s = await startProcess(join(root, 'no-demo'), { DEMO_MERCHANT: '0' });
    try {
      expect(s.output()).not.toContain('Demo merchant');
    } finally {
      await stopProcess(s);
    }
    // A later start without the setting makes it: the database is still empty.
    const again = await startProcess(join(root, 'no-demo'));
    try {
      expect(again.stderr()).toContain('Demo merchant');
    } finally {
      await stopProcess(again);
    }
  });
});

describe.skipIf(!POSTGRES)('the demo merchant on PostgreSQL (needs TEST_DATABASE_URL)', { timeout: 120_000 }, () => {
  async function merchantsAfterStart(env: Record<string, string>): Promise<{ count: number; stderr: string }> {
    const opened = await requirePostgres().open();
    try {
      const s = await startProcess(join(root, 'unused'), { DATABASE_URL: opened.url!, ...env });
      await stopProcess(s);
      const n = await opened.db.query<{ n: number }>('SELECT count(*)::int AS n FROM merchants');
      return { count: n.rows[0]!.n, stderr: s.stderr() };
    } finally {
      await opened.drop();
    }
  }

  it('is not made on an empty database unless asked', async () => {
    const { count, stderr } = await merchantsAfterStart({});
    expect(count).toBe(0);
    expect(stderr).not.toContain('Demo merchant');
  });

  it('is made with DEMO_MERCHANT=1, shown on stderr', async () => {
    const { count, stderr } = await merchantsAfterStart({ DEMO_MERCHANT: '1' });
    expect(count).toBe(1);
    expect(stderr).toMatch(/sandbox key: sk_test_\w+/);
  });
});
