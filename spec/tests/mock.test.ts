import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const doc = JSON.parse(readFileSync(resolve(root, 'generated/openapi.json'), 'utf8'));
const KEY = { ServiceKey: 'sk_test_mockmockmockmockmock' };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** First example of an operation's response, as the spec documents it. */
function exampleOf(path: string, method: string, status: number): unknown {
  let r = doc.paths[path][method].responses[String(status)];
  if (r.$ref) r = doc.components.responses[r.$ref.split('/').pop()];
  const media = r.content['application/json'];
  return media.example ?? (Object.values(media.examples)[0] as { value: unknown }).value;
}

function requestExampleOf(path: string, method: string): unknown {
  const media = doc.paths[path][method].requestBody.content['application/json'];
  return media.example ?? (Object.values(media.examples)[0] as { value: unknown }).value;
}

let prism: ChildProcess;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The same command as `npm run mock`, on a free port.
  prism = spawn(resolve(root, 'node_modules/.bin/prism'),
    ['mock', 'generated/openapi.json', '--port', String(port), '--host', '127.0.0.1', '--verboseLevel', 'error'],
    { cwd: root, stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetch(`${base}/v1/utils/roles-of-user`, { headers: KEY });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error('Prism did not start within 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}, 70_000);

afterAll(() => {
  prism?.kill();
});

describe('npm run mock (Prism) serves the spec', () => {
  it('answers GET /v1/transactions/{id} with the documented example', async () => {
    const res = await fetch(`${base}/v1/transactions/tra_8Hq2LmZx4RtY7vKc`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(exampleOf('/v1/transactions/{transactionId}', 'get', 200));
  });

  it('answers GET /v1/wallets with the documented paginated example', async () => {
    const res = await fetch(`${base}/v1/wallets?limit=20`, { headers: KEY });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(exampleOf('/v1/wallets', 'get', 200));
    expect(body).toHaveProperty('page.offset.first', 0);
  });

  it('answers POST /v1/transactions with 201 and the pending summary', async () => {
    const res = await fetch(`${base}/v1/transactions`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify(requestExampleOf('/v1/transactions', 'post')),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { status: string };
    expect(body).toEqual(exampleOf('/v1/transactions', 'post', 201));
    expect(body.status).toBe('pending');
  });

  it('answers GET /v1/wallets/listall with a bare array', async () => {
    const res = await fetch(`${base}/v1/wallets/listall`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('answers an error response with its own status and code (Prefer: code=404)', async () => {
    const res = await fetch(`${base}/v1/transactions/tra_8Hq2LmZx4RtY7vKc`, {
      headers: { ...KEY, Prefer: 'code=404' },
    });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { statusCode: number; code: string } };
    expect(body.error.statusCode).toBe(404);
    expect(body.error.code).toBe('transactionNotFound');
    expect(body).toEqual(exampleOf('/v1/transactions/{transactionId}', 'get', 404));
  });
});
