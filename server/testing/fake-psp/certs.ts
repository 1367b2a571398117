/**
 * The fake PSP's test PKI, made with the `openssl` CLI: a CA, a server certificate for 127.0.0.1 and localhost (also
 * good for client authentication, so the fake can present it when it calls an https webhook, as the standard's
 * callback is "protegido por uma camada de autenticação mTLS"), and a client certificate for the service under test.
 * Generated once per process: several fakes in one test file share it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestPki {
  /** PEM of the CA every certificate below is signed by. */
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

export interface Identity {
  cert: string;
  key: string;
}

// EC P-256: as accepted by TLS stacks as RSA 2048, and generated in milliseconds rather than a second each.
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
// Long enough for a developer's session with main.ts; the certificates never leave the machine.
const DAYS = '30';

async function openssl(dir: string, args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir });
}

function serial(): string {
  // A random serial: two runs' certificates must not share one (a client caching the CA would see a clash).
  return `0x${randomBytes(8).toString('hex')}`;
}

async function signed(dir: string, name: string, subject: string, extensions: string[]): Promise<Identity> {
  await openssl(dir, ['req', '-new', ...NEW_KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject]);
  await writeFile(join(dir, `${name}.ext`), `${extensions.join('\n')}\n`);
  await openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-set_serial', serial(),
    '-days', DAYS, '-extfile', `${name}.ext`, '-out', `${name}.pem`,
  ]);
  return { cert: await readFile(join(dir, `${name}.pem`), 'utf8'), key: await readFile(join(dir, `${name}.key`), 'utf8') };
}

async function generate(): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-psp-pki-'));
  try {
    await openssl(dir, [
      'req', '-x509', ...NEW_KEY, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', DAYS,
      '-subj', '/CN=fake-psp test CA', '-set_serial', serial(),
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    const leaf = ['basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature'];
    const server = await signed(dir, 'server', '/CN=localhost', [
      ...leaf, 'subjectAltName=IP:127.0.0.1,DNS:localhost', 'extendedKeyUsage=serverAuth,clientAuth',
    ]);
    const client = await signed(dir, 'client', '/CN=fake-psp client', [...leaf, 'extendedKeyUsage=clientAuth']);
    return {
      ca: await readFile(join(dir, 'ca.pem'), 'utf8'),
      serverCert: server.cert,
      serverKey: server.key,
      clientCert: client.cert,
      clientKey: client.key,
    };
  } finally {
    // The PEMs live in memory from here on; the keys do not stay on disk.
    await rm(dir, { recursive: true, force: true });
  }
}

let cached: Promise<TestPki> | undefined;

/** The process's test PKI, generated on first use. */
export function testPki(): Promise<TestPki> {
  cached ??= generate().catch((err: unknown) => {
    cached = undefined; // a failed run (openssl missing, disk full) is not cached for the next caller
    throw err;
  });
  return cached;
}

/** A self-signed client identity no fake trusts: for tests that a foreign certificate is refused. */
export async function untrustedIdentity(): Promise<Identity> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-psp-foreign-'));
  try {
    await openssl(dir, [
      'req', '-x509', ...NEW_KEY, '-keyout', 'k.pem', '-out', 'c.pem', '-days', '1', '-subj', '/CN=stranger',
      '-addext', 'extendedKeyUsage=clientAuth',
    ]);
    return { cert: await readFile(join(dir, 'c.pem'), 'utf8'), key: await readFile(join(dir, 'k.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
