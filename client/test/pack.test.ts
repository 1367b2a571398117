/**
 * The package as a partner gets it: `npm pack` in client/, the tarball installed into an empty project outside the
 * repository, scripts there type-checked under NodeNext (and Bundler) against the installed declarations and run
 * with `node` against a live service; the README's "For partners" code the same way; and nothing of the CLI in it
 * (its own package, packed and run by cli/test/pack.test.ts).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../../server/testing/harness';
import { pixBody } from '../../server/testing/payments';
import { signTestWebhook } from '../src/webhooks';
import { Child, freePort, pack, packagesIn, run, type Packed, type RunResult } from './pack-support';

const CLIENT = resolve(import.meta.dirname, '..');
const REPO = resolve(CLIENT, '..');
const FIXTURES = join(CLIENT, 'test', 'fixtures', 'pack');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const rootPackage = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const clientPackage = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};

let tmp: string;
let project: string;
let packed: Packed['files'];
let installedBeforeExtras: string[];
let svc: TestService;

function expectOk(result: RunResult, what: string): void {
  expect(result.code, `${what} failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
}

function tsc(config: string): Promise<RunResult> {
  return run(process.execPath, [TSC, '-p', config], { cwd: project });
}

/** The installed package's copy of one of its files. */
function installed(path: string): string {
  return join(project, 'node_modules', ...clientPackage.name.split('/'), path);
}

function serviceEnv(): Record<string, string> {
  return { PAYMENTS_BASE_URL: svc.url, PAYMENTS_API_KEY: svc.merchant.sandboxKey };
}

describe('the client package, packed and installed in an empty project', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'payments-client-pack-'));
    project = join(tmp, 'partner');
    mkdirSync(project);
    let tarballs: Packed[];
    [svc, tarballs] = await Promise.all([startTestService(ENGINES[0]!), pack([CLIENT], tmp)]);
    const tarball = tarballs[0]!;
    packed = tarball.files;

    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner-project', private: true, type: 'module' }, null, 2));
    const install = ['install', '--no-audit', '--no-fund', '--prefer-offline'];
    const types = `@types/node@${rootPackage.devDependencies['@types/node']}`;
    expectOk(await run('npm', [...install, join(tmp, tarball.filename), types], { cwd: project }), 'npm install of the tarball');
    installedBeforeExtras = packagesIn(join(project, 'node_modules')).sort();
    // What the README's webhook receiver needs, besides the package.
    const express = [`express@${rootPackage.dependencies.express}`, `@types/express@${rootPackage.devDependencies['@types/express']}`];
    expectOk(await run('npm', [...install, ...express], { cwd: project }), 'npm install of express');
  }, 360_000);

  afterAll(async () => {
    await svc?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('packs the built modules, their declarations, package.json and the README: no sources, tests or maps', () => {
    const paths = packed.map((f) => f.path).sort();
    expect(paths).toEqual(expect.arrayContaining([
      'README.md',
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/schema.js',
      'dist/schema.d.ts',
      'dist/webhooks.js',
      'dist/webhooks.d.ts',
    ]));
    for (const path of paths) {
      expect(path, `${path} should not be in the tarball`).toMatch(/^(package\.json|README\.md|dist\/[\w/-]+\.(js|d\.ts))$/);
    }
    // Every module of src/ is built, with its declarations.
    const sources = readdirSync(join(CLIENT, 'src'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.ts'));
    for (const source of sources) {
      const base = `dist/${source.replaceAll('\\', '/').replace(/\.ts$/, '')}`;
      expect(paths, `${source} is not built`).toEqual(expect.arrayContaining([`${base}.js`, `${base}.d.ts`]));
    }
  });

  it('carries no CLI: no module of it, no bin, no payments command installed', () => {
    const paths = packed.map((f) => f.path);
    expect(paths.filter((p) => /(^|\/)cli([./]|$)/.test(p))).toEqual([]);
    // Nothing packed is a program: the CLI's entry was the one executable file.
    expect(packed.filter((f) => f.mode & 0o111).map((f) => f.path)).toEqual([]);
    const own = JSON.parse(readFileSync(installed('package.json'), 'utf8')) as Record<string, unknown>;
    expect(own).not.toHaveProperty('bin');
    expect(existsSync(join(project, 'node_modules', '.bin', 'payments'))).toBe(false);
  });

  it('installs with openapi-fetch alone; the contract types are inside; the main entry needs nothing of Node', async () => {
    const own = JSON.parse(readFileSync(installed('package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(own.dependencies)).toEqual(['openapi-fetch']);
    const dependenciesOf = (name: string) =>
      Object.keys((JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {});
    const expected = [clientPackage.name, 'openapi-fetch', ...dependenciesOf('openapi-fetch'), '@types/node', ...dependenciesOf('@types/node')];
    expect(installedBeforeExtras).toEqual(expected.sort());

    expect(readFileSync(installed('dist/schema.d.ts'), 'utf8')).toBe(readFileSync(join(REPO, 'generated', 'schema.d.ts'), 'utf8'));
    expect(readFileSync(installed('dist/schema.js'), 'utf8').trim()).toBe('export {};');
    for (const file of readdirSync(installed('dist'), { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.js')) expect(readFileSync(installed(`dist/${file}`), 'utf8'), file).not.toMatch(/sourceMappingURL/);
    }

    // The main entry and every module it reaches: no node: import, no process, no Buffer (browsers have none).
    const seen = new Set<string>();
    const walk = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      const where = relative(project, file);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.')) walk(resolve(dirname(file), specifier));
        else expect(specifier, `${where} imports ${specifier}`).toBe('openapi-fetch');
      }
      const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      expect(withoutComments, `${where} uses process`).not.toMatch(/\bprocess\./);
      expect(withoutComments, `${where} uses Buffer`).not.toMatch(/\bBuffer\b/);
    };
    walk(installed('dist/index.js'));

    const script = [
      "const client = await import('@payments-service/client');",
      "const webhooks = await import('@payments-service/client/webhooks');",
      'console.log(typeof client.createPaymentsClient, typeof client.PaymentsApiError, typeof webhooks.verifyWebhook, typeof webhooks.signTestWebhook);',
    ].join('\n');
    const imported = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expectOk(imported, 'node -e import');
    expect(imported.stdout.trim()).toBe('function function function function');
  }, 60_000);

  it('a partner script type-checks under NodeNext and Bundler, then runs against a live service', async () => {
    for (const n of [1, 2, 3, 4]) {
      const made = await svc.call('/v1/customers', { method: 'POST', json: { firstName: 'Cliente', lastName: `N${n}`, email: `cliente${n}@example.com` } });
      expect(made.status).toBe(201);
    }
    for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(project, file));
    expectOk(await tsc('tsconfig.nodenext.json'), 'tsc (NodeNext) of partner.ts and receiver.ts');
    expectOk(await tsc('tsconfig.bundler.json'), 'tsc (Bundler) of partner.ts and receiver.ts');

    const ran = await run(process.execPath, ['out/partner.js'], { cwd: project, env: serviceEnv() });
    expectOk(ran, 'node out/partner.js');
    const summary = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({
      customerId: expect.stringMatching(/^cus_\w+$/),
      chargeId: expect.stringMatching(/^tra_\w+$/),
      createdStatus: 'pending',
      createdCorrelationId: expect.any(String),
      readStatus: 'pending',
      readAmount: 15000,
      readMethod: 'pix',
      missingCode: 'transactionNotFound',
      missingStatusCode: 404,
      webhook: { id: 'wbh_partnerScript1', type: 'transaction.created' },
      tampered: 'badSignature',
    });
    expect(summary.readId).toBe(summary.chargeId);
    expect(summary.readCustomerId).toBe(summary.customerId);
    // Every customer of the merchant, each once, over several pages of 2.
    const onePage = (await (await svc.call('/v1/customers?limit=100')).json()) as { data: { id: string }[] };
    expect(onePage.data.length).toBeGreaterThan(4);
    expect([...(summary.customerIds as string[])].sort()).toEqual(onePage.data.map((c) => c.id).sort());
    expect(summary.customerIds).toContain(summary.customerId);
  }, 120_000);

  it('the README\'s "For partners" code type-checks under NodeNext and runs against a live service', async () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## For partners\n');
    expect(start, 'README.md has no "## For partners" section').toBeGreaterThan(-1);
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end === -1 ? undefined : end);
    const blocks = [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    const folder = join(project, 'readme');
    mkdirSync(folder, { recursive: true });
    const names = blocks.map((code) => {
      const name = /^\/\/ ([\w-]+\.ts)\n/.exec(code)?.[1];
      expect(name, `a ts block of "For partners" does not start with its file name ("// name.ts"):\n${code}`).toBeDefined();
      writeFileSync(join(folder, name!), code);
      return name!;
    });
    // What each block prints when run; a block added to the README is added here.
    const expectations: Record<string, RegExp> = {
      'create-charge.ts': /^tra_\w+ pending$/m,
      'list-charges.ts': /^\d+ approved charges, \d+ cents$/m,
      'errors.ts': /^transactionNotFound: /m,
      'webhook-receiver.ts': /^paid: tra_readme1$/m,
    };
    expect(names.sort()).toEqual(Object.keys(expectations).sort());

    writeFileSync(
      join(project, 'tsconfig.readme.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022'],
          types: ['node'],
          strict: true,
          skipLibCheck: true,
          rootDir: 'readme',
          outDir: 'out-readme',
        },
        include: ['readme/*.ts'],
      }),
    );
    expectOk(await tsc('tsconfig.readme.json'), 'tsc (NodeNext) of the README blocks');

    // An approved charge for the listing to find.
    const charge = await svc.call('/v1/transactions', { method: 'POST', json: pixBody() });
    const chargeId = ((await charge.json()) as { id: string }).id;
    await svc.drain();
    const paid = await svc.call(`/v1/sandbox/transactions/${chargeId}/simulate`, { method: 'POST', json: { action: 'pay' } });
    expect(paid.status).toBe(200);

    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    for (const name of names) {
      const file = join('out-readme', name.replace(/\.ts$/, '.js'));
      const source = readFileSync(join(folder, name), 'utf8');
      if (!source.includes('.listen(')) {
        const ran = await run(process.execPath, [file], { cwd: project, env: serviceEnv() });
        expectOk(ran, `node ${file}`);
        expect(ran.stdout, name).toMatch(expectations[name]!);
        continue;
      }
      // A receiver: started, then sent a signed delivery and a forged one.
      const port = await freePort();
      const server = new Child(process.execPath, [file], { cwd: project, env: { ...serviceEnv(), PORT: String(port), PAYMENTS_WEBHOOK_SECRET: secret } });
      try {
        const url = `http://127.0.0.1:${port}/webhooks`;
        await server.waitUntil(async () => (await fetch(url, { method: 'GET' }).catch(() => undefined)) !== undefined, 20_000, `${name} to listen on ${port}`);
        const delivery = {
          id: 'wbh_readme1',
          type: 'transaction.approved',
          source: 'automatic',
          payload: { object: { id: 'tra_readme1', status: 'approved' } },
          createdAt: new Date().toISOString(),
        };
        const signed = signTestWebhook(delivery, secret);
        const good = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body });
        expect(good.status, await good.clone().text()).toBe(200);
        const forged = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body.replace('tra_readme1', 'tra_readme2') });
        expect(forged.status).toBe(400);
        expect(await forged.text()).toMatch(/does not match/);
        await server.waitForLine((line) => expectations[name]!.test(line), 5_000, `${name} to print the paid charge`);
        expect(server.lines.join('\n')).not.toMatch(/tra_readme2/);
      } finally {
        await server.stop();
      }
    }
  }, 120_000);
});
