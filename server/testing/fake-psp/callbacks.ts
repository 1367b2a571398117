/**
 * The standard's callback: `POST {webhookUrl}/pix` with `{ "pix": [Pix, …] }`, sent when a Pix with a txid arrives
 * and when one of its devoluções reaches DEVOLVIDO or NAO_REALIZADO. Over https the fake presents its own certificate
 * (the standard: "Este serviço está protegido por uma camada de autenticação mTLS"); over http (allowHttpWebhook) it
 * uses fetch.
 */
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';

export interface CallbackIdentity {
  ca: string;
  cert: string;
  key: string;
}

/** Status given to a delivery that got no HTTP answer (refused, reset, timed out). */
export const NO_ANSWER = 0;
const TIMEOUT_MS = 10_000;

/**
 * The callback's URL: the standard's `{$request.body#/webhookUrl}/pix`, a plain concatenation — a webhookUrl ending
 * in "/" gives ".../webhook//pix", as a PSP applying the expression literally would send.
 */
export function callbackUrl(webhookUrl: string): string {
  return `${webhookUrl}/pix`;
}

function postHttps(url: string, body: string, identity: CallbackIdentity): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        cert: identity.cert,
        key: identity.key,
        // The receiver's server certificate may come from the fake's test CA or from a public one.
        ca: [identity.ca, ...rootCertificates],
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? NO_ANSWER));
        res.on('error', () => resolve(res.statusCode ?? NO_ANSWER));
      },
    );
    req.on('timeout', () => req.destroy(new Error('callback timed out')));
    req.on('error', () => resolve(NO_ANSWER));
    req.end(body);
  });
}

async function postHttp(url: string, body: string): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return NO_ANSWER;
  }
}

/** Sends `{ pix }` to the webhook `times` times in a row (the same bytes each time); the statuses it got. */
export async function sendCallback(
  webhookUrl: string,
  pix: Array<Record<string, unknown>>,
  identity: CallbackIdentity,
  times: number,
): Promise<number[]> {
  const url = callbackUrl(webhookUrl);
  const body = JSON.stringify({ pix });
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    statuses.push(url.toLowerCase().startsWith('https:') ? await postHttps(url, body, identity) : await postHttp(url, body));
  }
  return statuses;
}
