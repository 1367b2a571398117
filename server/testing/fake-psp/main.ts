/**
 * `npm run fake-psp`: a fake API Pix PSP on a fixed port for a developer trying production mode by hand. Prints the
 * URLs and credentials, writes the CA and client certificate/key PEMs to a folder, and offers a plain-HTTP control
 * port on loopback to play the payer and settle refunds:
 *
 *   POST /pay/{txid}                     optional JSON {"amount": cents, "callback": "send" | "twice" | "lost"}
 *   POST /refunds/{e2eid}/{id}/{status}  status DEVOLVIDO or NAO_REALIZADO
 *
 * Environment: FAKE_PSP_PORT (8443), FAKE_PSP_CONTROL_PORT (8444), FAKE_PSP_DIR (./.fake-psp), FAKE_PSP_CLIENT_SECRET
 * and FAKE_PSP_PIX_KEY (random when unset), FAKE_PSP_ALLOW_HTTP_WEBHOOK (1: a service on plain http may register
 * its webhook; 0: https only, as the standard's mTLS callback implies).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, runControlPort, send } from '../control-port';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startFakePsp } from './index';

const port = Number(process.env.FAKE_PSP_PORT ?? 8443);
const controlPort = Number(process.env.FAKE_PSP_CONTROL_PORT ?? 8444);
const dir = resolve(process.env.FAKE_PSP_DIR ?? '.fake-psp');

const psp = await startFakePsp({
  port,
  clientSecret: process.env.FAKE_PSP_CLIENT_SECRET || undefined,
  pixKey: process.env.FAKE_PSP_PIX_KEY || undefined,
  allowHttpWebhook: (process.env.FAKE_PSP_ALLOW_HTTP_WEBHOOK ?? '1') !== '0',
});

await mkdir(dir, { recursive: true });
await writeFile(resolve(dir, 'ca.pem'), psp.ca);
await writeFile(resolve(dir, 'client-cert.pem'), psp.clientCert);
// The key only for its owner, as a real client key would be kept.
await writeFile(resolve(dir, 'client-key.pem'), psp.clientKey, { mode: 0o600 });



const USAGE = ['POST /pay/{txid}  {"amount"?: cents, "callback"?: "send"|"twice"|"lost"}', 'POST /refunds/{e2eid}/{id}/{DEVOLVIDO|NAO_REALIZADO}'];

async function control(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://control').pathname;
  const pay = /^\/pay\/([^/]+)$/.exec(path);
  const refund = /^\/refunds\/([^/]+)\/([^/]+)\/(DEVOLVIDO|NAO_REALIZADO)$/.exec(path);
  if (req.method !== 'POST' || (!pay && !refund)) return send(res, 404, { usage: USAGE });
  const body = await readJson(req);
  if (pay) {
    const callback = body.callback as 'send' | 'twice' | 'lost' | undefined;
    const amount = body.amount as number | undefined;
    return send(res, 200, await psp.pay(decodeURIComponent(pay[1]!), { amount, callback }));
  }
  const [, e2eid, id, status] = refund as unknown as [string, string, string, 'DEVOLVIDO' | 'NAO_REALIZADO'];
  return send(res, 200, await psp.settleRefund(decodeURIComponent(e2eid), decodeURIComponent(id), status));
}

await runControlPort(
  controlPort,
  control,
  [
    'Fake API Pix PSP (mutual TLS: present client-cert.pem/client-key.pem, trust ca.pem)',
    `  baseUrl       ${psp.baseUrl}`,
    `  oauthUrl      ${psp.oauthUrl}`,
    `  clientId      ${psp.clientId}`,
    `  clientSecret  ${psp.clientSecret}`,
    `  pixKey        ${psp.pixKey}`,
    `  PEMs          ${dir}/{ca,client-cert,client-key}.pem`,
    `  control       http://127.0.0.1:${controlPort}  ${USAGE.join('  |  ')}`,
  ],
  () => psp.close(),
);
