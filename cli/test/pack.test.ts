/**
 * The CLI as a developer gets it: both packages packed (the client, and the CLI, which compiles against the built
 * client), installed together into an empty project outside the repository, and the installed `payments` run: its
 * help, and `listen` forwarding a sandbox event to a local receiver that verifies it with the installed client.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Child, pack, packagesIn, run, type Packed, type RunResult } from '../../client/test/pack-support';
import { ENGINES, startTestService, type TestService } from '../../server/testing/harness';
import { pixBody } from '../../server/testing/payments';
import { COMMANDS } from '../src/main';

const CLI = resolve(import.meta.dirname, '..');
const REPO = resolve(CLI, '..');
const CLIENT = join(REPO, 'client');
// The receiver a partner writes against the installed client (the client's pack test type-checks it too).
const FIXTURES = join(CLIENT, 'test', 'fixtures', 'pack');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const rootPackage = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const packageOf = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
const cliPackage = packageOf(CLI);
const clientPackage = packageOf(CLIENT);

let tmp: string;
let project: string;
let packed: Packed['files'];
let installed: string[];
let svc: TestService;

function expectOk(result: RunResult, what: string): void {
  expect(result.code, `${what} failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
}

const bin = () => join(project, 'node_modules', '.bin', 'payments');

function serviceEnv(): Record<string, string> {
  return { PAYMENTS_BASE_URL: svc.url, PAYMENTS_API_KEY: svc.merchant.sandboxKey };
}

describe('the CLI package, packed and installed beside the packed client', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'payments-cli-pack-'));
    project = join(tmp, 'developer');
    mkdirSync(project);
    let tarballs: Packed[];
    [svc, tarballs] = await Promise.all([startTestService(ENGINES[0]!), pack([CLIENT, CLI], tmp)]);
    const [client, cli] = tarballs;
    packed = cli!.files;

    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'developer-project', private: true, type: 'module' }, null, 2));
    // Both tarballs in one install: the CLI's dependency on the client is met by the client's tarball, not a registry.
    const types = `@types/node@${rootPackage.devDependencies['@types/node']}`;
    const install = ['install', '--no-audit', '--no-fund', '--prefer-offline', join(tmp, client!.filename), join(tmp, cli!.filename), types];
    expectOk(await run('npm', install, { cwd: project }), 'npm install of the tarballs');
    installed = packagesIn(join(project, 'node_modules')).sort();
  }, 360_000);

  afterAll(async () => {
    await svc?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('packs the built modules, package.json and the README, its entry executable: no sources, tests, maps or declarations', () => {
    const paths = packed.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'package.json', 'dist/cli.js', 'dist/main.js']));
    for (const path of paths) expect(path, `${path} should not be in the tarball`).toMatch(/^(package\.json|README\.md|dist\/[\w-]+\.js)$/);
    // Every module of src/ is built.
    for (const source of readdirSync(join(CLI, 'src')).filter((p) => p.endsWith('.ts'))) {
      expect(paths, `${source} is not built`).toContain(`dist/${source.replace(/\.ts$/, '.js')}`);
    }
    const entry = packed.find((f) => f.path === 'dist/cli.js');
    expect(entry!.mode & 0o111, 'dist/cli.js is not executable').toBe(0o111);
  });

  it('installs the payments command, with the client its one dependency, the tarball installed beside it', () => {
    const own = JSON.parse(readFileSync(join(project, 'node_modules', ...cliPackage.name.split('/'), 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(own.bin).toEqual({ payments: './dist/cli.js' });
    // An exact version: the CLI is released with the client it was built against.
    expect(own.dependencies).toEqual({ [clientPackage.name]: clientPackage.version });
    expect(existsSync(bin())).toBe(true);
    // One client, the one installed from its tarball: none nested under the CLI, nothing fetched besides its own dependencies.
    const dependenciesOf = (name: string) =>
      Object.keys((JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {});
    const expected = [cliPackage.name, clientPackage.name, ...dependenciesOf(clientPackage.name), 'openapi-fetch', ...dependenciesOf('openapi-fetch')];
    expected.push('@types/node', ...dependenciesOf('@types/node'));
    expect(installed).toEqual([...new Set(expected)].sort());
  });

  it('payments --help runs from the installed command: every command, exit 0', async () => {
    const help = await run(bin(), ['--help'], { cwd: project });
    expectOk(help, 'payments --help');
    expect(help.stdout).toMatch(/^usage: payments <command>/);
    for (const name of Object.keys(COMMANDS)) expect(help.stdout).toContain(`  ${name}`);
  });

  it('payments listen forwards a transaction.approved to a receiver that fails twice, verified with the package', async () => {
    expect(existsSync(bin()), 'the installed package has no `payments` command: cli/src/cli.ts is not built').toBe(true);
    for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(project, file));
    expectOk(await run(process.execPath, [TSC, '-p', 'tsconfig.nodenext.json'], { cwd: project }), 'tsc (NodeNext) of partner.ts and receiver.ts');
    const env = serviceEnv();

    const printed = await run(bin(), ['listen', '--print-secret'], { cwd: project, env });
    expectOk(printed, 'payments listen --print-secret');
    const secret = printed.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);

    const receiver = new Child(process.execPath, ['out/receiver.js'], { cwd: project, env: { LISTEN_SECRET: secret } });
    let listen: Child | undefined;
    try {
      const first = await receiver.waitForLine((line) => line.startsWith('{"port"'), 10_000, 'the receiver to listen');
      const { port } = JSON.parse(first) as { port: number };
      listen = new Child(bin(), ['listen', '--forward-to', `http://127.0.0.1:${port}/webhooks`], { cwd: project, env });
      const ready = await listen.waitForLine((line) => line.startsWith('Ready.'), 20_000, 'payments listen to be ready');
      expect(ready).toContain(secret);

      // A sandbox flow: a PIX charge, issued, then paid.
      const created = await svc.call('/v1/transactions', { method: 'POST', json: pixBody() });
      expect(created.status).toBe(201);
      const chargeId = ((await created.json()) as { id: string }).id;
      await svc.drain();
      const paid = await svc.call(`/v1/sandbox/transactions/${chargeId}/simulate`, { method: 'POST', json: { action: 'pay' } });
      expect(paid.status).toBe(200);
      await svc.drain();

      type Seen = { verified: boolean; id?: string; type?: string; about?: string; status: number; webhookId?: string; timestamp?: string };
      const approved = (): Seen[] =>
        receiver.lines.map((l) => JSON.parse(l) as Seen).filter((r) => r.type === 'transaction.approved');
      await receiver.waitUntil(() => approved().some((r) => r.status === 200), 60_000, 'the receiver to accept transaction.approved');

      const attempts = approved();
      expect(attempts.map((r) => r.status)).toEqual([500, 500, 200]);
      expect(attempts.every((r) => r.verified)).toBe(true);
      // The receiver read the transaction through the member `type` narrowed the installed WebhookEvent to.
      expect(attempts.map((r) => r.about)).toEqual(Array(3).fill(expect.stringMatching(/^transaction tra_\w+ approved$/)));
      expect(new Set(attempts.map((r) => r.id)).size).toBe(1);
      expect(attempts[0]!.id).toMatch(/^wbh_\w+$/);
      expect(attempts.every((r) => r.webhookId === attempts[0]!.id)).toBe(true);
      // Everything the receiver got verified with the listen secret.
      expect(receiver.lines.slice(1).map((l) => (JSON.parse(l) as Seen).verified)).not.toContain(false);

      // One line per attempt: two failures, then the success, naming the event.
      const eventId = attempts[0]!.id!;
      await listen.waitUntil(() => listen!.lines.filter((l) => l.includes(eventId)).length >= 3, 10_000, 'the CLI to print the third attempt');
      const lines = listen.lines.filter((l) => l.includes(eventId));
      expect(lines).toHaveLength(3);
      expect(lines.every((l) => l.includes('transaction.approved'))).toBe(true);
      expect(lines[0]).toMatch(/\b500\b/);
      expect(lines[1]).toMatch(/\b500\b/);
      expect(lines[2]).toMatch(/\b200\b/);
    } finally {
      await listen?.stop('SIGINT');
      await receiver.stop();
    }
  }, 120_000);
});
