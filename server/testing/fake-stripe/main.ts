/**
 * `tsx server/testing/fake-stripe/main.ts`: a fake Stripe on a fixed port for a developer trying the Stripe route by
 * hand. Prints the secret key and the webhook signing secret, and offers a plain-HTTP control port on loopback to
 * play the payer and the banks:
 *
 *   POST /pay/{pi}                       the payer pays the issued boleto or Pix
 *   POST /expire/{pi}                    the issued boleto or Pix lapses unpaid
 *   POST /authenticate/{pi}/{outcome}    3-D Secure: succeeded | failed
 *   POST /refunds/{re}/{status}          the bank settles a refund: succeeded | failed
 *   POST /disputes/{pi}                  the cardholder's bank opens a dispute; JSON {"reason"?, "amount"?}
 *   POST /disputes/{dp}/{outcome}        the bank decides it: won | lost
 *   POST /webhook                        JSON {"url": "http://…"} (or null): where events are delivered
 *
 * Environment: FAKE_STRIPE_PORT (12111), FAKE_STRIPE_CONTROL_PORT (12112), FAKE_STRIPE_SECRET_KEY and
 * FAKE_STRIPE_WEBHOOK_SECRET (random when unset; an sk_live_ key makes a live account), FAKE_STRIPE_WEBHOOK_URL,
 * FAKE_STRIPE_REFUNDS (pending | instant).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, runControlPort, send } from '../control-port';
import { startFakeStripe } from './index';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
const controlPort = Number(process.env.FAKE_STRIPE_CONTROL_PORT ?? 12112);

const fake = await startFakeStripe({
  port,
  // A live key makes a live account (`livemode: true`), as a production route expects.
  livemode: process.env.FAKE_STRIPE_SECRET_KEY?.startsWith('sk_live_') === true,
  secretKey: process.env.FAKE_STRIPE_SECRET_KEY || undefined,
  webhookSecret: process.env.FAKE_STRIPE_WEBHOOK_SECRET || undefined,
  refunds: process.env.FAKE_STRIPE_REFUNDS === 'instant' ? 'instant' : 'pending',
});
if (process.env.FAKE_STRIPE_WEBHOOK_URL) fake.setWebhookUrl(process.env.FAKE_STRIPE_WEBHOOK_URL);



const USAGE = [
  'POST /pay/{pi}', 'POST /expire/{pi}', 'POST /authenticate/{pi}/{succeeded|failed}', 'POST /refunds/{re}/{succeeded|failed}',
  'POST /disputes/{pi}  {"reason"?, "amount"?}', 'POST /disputes/{dp}/{won|lost}', 'POST /webhook  {"url": "http://…" | null}',
];

async function control(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const parts = new URL(req.url ?? '/', 'http://control').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (req.method !== 'POST') return send(res, 404, { usage: USAGE });
  const body = await readJson(req);
  const [what, id, arg] = parts;
  if (what === 'pay' && id && !arg) return send(res, 200, await fake.pay(id));
  if (what === 'expire' && id && !arg) return send(res, 200, await fake.expire(id));
  if (what === 'authenticate' && id && (arg === 'succeeded' || arg === 'failed')) return send(res, 200, await fake.authenticate(id, arg));
  if (what === 'refunds' && id && (arg === 'succeeded' || arg === 'failed')) return send(res, 200, await fake.settleRefund(id, arg));
  if (what === 'disputes' && id && !arg) {
    const reason = typeof body.reason === 'string' ? body.reason : undefined;
    const amount = typeof body.amount === 'number' ? body.amount : undefined;
    return send(res, 200, await fake.openDispute(id, { reason, amount }));
  }
  if (what === 'disputes' && id && (arg === 'won' || arg === 'lost')) return send(res, 200, await fake.closeDispute(id, arg));
  if (what === 'webhook' && !id) {
    const url = body.url === null ? null : typeof body.url === 'string' ? body.url : undefined;
    if (url === undefined) return send(res, 400, { error: 'body must be {"url": "http://…"} or {"url": null}' });
    fake.setWebhookUrl(url);
    return send(res, 200, { url });
  }
  return send(res, 404, { usage: USAGE });
}

await runControlPort(
  controlPort,
  control,
  [
    'Fake Stripe (v1 API, Brazilian account: card, boleto, pix)',
    `  SDK            new Stripe(secretKey, { host: '127.0.0.1', port: ${fake.port}, protocol: 'http' })`,
    `  secretKey      ${fake.secretKey}`,
    `  webhookSecret  ${fake.webhookSecret}`,
    `  control        http://127.0.0.1:${controlPort}  ${USAGE.join('  |  ')}`,
  ],
  () => fake.close(),
);
