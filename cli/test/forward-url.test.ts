/**
 * `listen --forward-to` as developers type it: no scheme means http://, and a value that cannot be used is one line
 * saying why (exit 2), checked before the service is called.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../src/main';

const KEY = 'sk_test_cliForwardUrlTestsKey00000';

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env: { PAYMENTS_API_KEY: KEY } });
  return { code, stdout, stderr };
}

describe('--forward-to without a scheme', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = undefined;
  });

  /** A fake service whose stream is ready at once and says where listen forwards, then ends the run. */
  async function readyLine(forwardTo: string): Promise<{ code: number; stdout: string; stderr: string }> {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`event: ready\ndata: ${JSON.stringify({ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })}\n\n`);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const stop = new AbortController();
    let stdout = '';
    let stderr = '';
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const done = main(['listen', '--forward-to', forwardTo, '--base-url', base], {
      stdout: (t) => {
        stdout += t;
        if (stdout.includes('Ready.')) stop.abort();
      },
      stderr: (t) => (stderr += t),
      env: { PAYMENTS_API_KEY: KEY },
      signal: stop.signal,
    });
    return { code: await done, stdout, stderr };
  }

  it.each([
    ['localhost:4242', 'http://localhost:4242/'],
    ['127.0.0.1:4242/hooks', 'http://127.0.0.1:4242/hooks'],
    ['localhost:4242/webhooks?from=cli', 'http://localhost:4242/webhooks?from=cli'],
    ['https://127.0.0.1:4242/hooks', 'https://127.0.0.1:4242/hooks'],
    ['HTTP://localhost:4242/x', 'http://localhost:4242/x'],
  ])('%s is forwarded to as %s', async (given, url) => {
    const r = await readyLine(given);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(` to ${url}. Signing secret: `);
  });
});

describe('an unusable --forward-to: one line, exit 2, nothing sent', () => {
  const hint = 'give a URL like localhost:4242/webhooks or https://127.0.0.1:4242/hooks (http:// is assumed)';
  it.each([
    ['ftp://example.com', '--forward-to takes http:// or https:// only (got ftp://)'],
    ['localhost:port', '--forward-to "localhost:port" is not a URL'],
    ['http:/localhost:4242', '--forward-to "http:/localhost:4242" is not a URL'],
    ['mailto:dev@example.com', '--forward-to "mailto:dev@example.com" is not a URL'],
    ['localhost:99999', '--forward-to "localhost:99999" is not a URL'],
    ['local host:4242', '--forward-to "local host:4242" contains a space'],
    ['http://user:pw@localhost:4242', '--forward-to "http://user:pw@localhost:4242" carries credentials; a receiver is reached without them'],
  ])('%j', async (given, why) => {
    // No service runs at the default address: a check made after connecting would fail differently.
    const r = await run(['listen', '--forward-to', given, '--base-url', 'http://127.0.0.1:9']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`payments: ${why}; ${hint}\n`);
  });
});
