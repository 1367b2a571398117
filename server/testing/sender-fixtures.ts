/**
 * What the sender's tests share: real receivers on 127.0.0.1 (closed after each test by \`useServers\`), a TCP
 * listener that only counts connections, a port nobody listens on, a stubbed resolver, and a throwaway TLS pair.
 */
import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterEach, vi } from 'vitest';
import { deliver } from '../webhooks/sender';

// A self-signed certificate for `webhooks-test.invalid`, made for these tests only (P-256, valid until 2126).
export const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2dEaSiSS6nJLh72N
ho1k4IbEm9Di+Z3R17UuYPnMCoOhRANCAATor89GNpqg9IgivFUr29T+mXoBhFGq
67ICWanXy6KY/EokU5rAjY4X2LPRRkKIqB3Ds9Fmqs5UJmVhgQ0hKQPf
-----END PRIVATE KEY-----`;
export const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBuDCCAV+gAwIBAgIUX/ynpybRhCHhRFish+D3vpe/LPswCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVd2ViaG9va3MtdGVzdC5pbnZhbGlkMCAXDTI2MTEyMzA1NTgw
OFoYDzIxMjYxMDMwMDU1ODA4WjAgMR4wHAYDVQQDDBV3ZWJob29rcy10ZXN0Lmlu
dmFsaWQwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATor89GNpqg9IgivFUr29T+
mXoBhFGq67ICWanXy6KY/EokU5rAjY4X2LPRRkKIqB3Ds9Fmqs5UJmVhgQ0hKQPf
o3UwczAdBgNVHQ4EFgQUIcAEBMI8qdU1AI2s5TT6AzCg7yAwHwYDVR0jBBgwFoAU
IcAEBMI8qdU1AI2s5TT6AzCg7yAwDwYDVR0TAQH/BAUwAwEB/zAgBgNVHREEGTAX
ghV3ZWJob29rcy10ZXN0LmludmFsaWQwCgYIKoZIzj0EAwIDRwAwRAIgJ6Zrxm9w
bYXrhMn9W4Th0q7M4oDSmBGePpku9zE5v7gCIBvK8amOyPTsDvbtMpWeBD1V1Gic
HBl0/oceLwTo+Tii
-----END CERTIFICATE-----`;

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Receiver {
  port: number;
  url: string;
  received: Received[];
  /** TCP connections accepted, answered or not. */
  connections: () => number;
}

const servers: (http.Server | TcpServer)[] = [];

/** Registers, in the calling test file, the closing of every server a test opened and the undoing of stubs. */
export function useServers(): void {
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise<void>((ok) => {
            if (s instanceof http.Server) s.closeAllConnections();
            s.close(() => ok());
          }),
      ),
    );
  });
}

/**
 * A loopback address that a test file may declare public (mocking `isPublicAddress` of ./ssrf for it), to stand for
 * a receiver on the internet: every 127/8 address reaches this machine, so nothing leaves it.
 */
export const PUBLIC_STAND_IN = '127.0.0.2';

export async function listen<S extends http.Server | TcpServer>(server: S, host = '127.0.0.1'): Promise<number> {
  servers.push(server);
  await new Promise<void>((ok) => server.listen(0, host, ok));
  return (server.address() as AddressInfo).port;
}

/** An HTTP receiver on `host` (127.0.0.1) that records each request and lets `answer` reply once the body is in. */
export async function receiver(answer: (res: ServerResponse, req: IncomingMessage) => void, host = '127.0.0.1'): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      answer(res, req);
    });
  });
  server.on('connection', () => connections++);
  const port = await listen(server, host);
  return { port, url: `http://${host}:${port}`, received, connections: () => connections };
}

/** A plain TCP listener that only counts connections: proof that nothing was even attempted. */
export async function tcpCounter(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    socket.destroy();
  });
  const port = await listen(server);
  return { port, connections: () => connections };
}

export async function unusedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

/** Answers `dns.promises.lookup` from a table, and fails any lookup Node would make on its own. */
export function fakeDns(table: Record<string, string[]>) {
  const checked = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as unknown as typeof dns.promises.lookup);
  const unpinned = vi.spyOn(dns, 'lookup').mockImplementation(((host: string, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1] as (err: Error) => void;
    process.nextTick(() => callback(Object.assign(new Error(`unexpected lookup of ${host}`), { code: 'ENOTFOUND' })));
  }) as unknown as typeof dns.lookup);
  return { checked, unpinned };
}

export const sandbox = (url: string, extra: Partial<Parameters<typeof deliver>[0]> = {}) =>
  deliver({ url, body: '{"id":"wbh_1"}', headers: {}, timeoutMs: 5000, policy: 'sandbox', ...extra });
