/** Helpers of the public pages' tests: plain HTTP as a browser would send it, and a reader of a status stream. */
import { expect } from 'vitest';
import type { TestService } from './harness';

/** The headers the contract puts on every public answer. */
export function expectPageHeaders(res: Response, cache = 'no-store'): void {
  expect(res.headers.get('content-security-policy')).toBe(
    "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('cache-control')).toBe(cache);
}

/** A page fetched without following redirects, with its text. */
export async function getPage(svc: TestService, path: string, cookie?: string): Promise<{ res: Response; html: string }> {
  const res = await fetch(`${svc.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { res, html: await res.text() };
}

/** The text of the first element matching `selector`-ish pattern, e.g. the `<h1>`. */
export function h1Of(html: string): string | undefined {
  return /<h1>([\s\S]*?)<\/h1>/.exec(html)?.[1];
}

export function roleText(html: string, role: 'status' | 'alert'): string | undefined {
  return new RegExp(`<[^>]*role="${role}"[^>]*>([\\s\\S]*?)</(?:div|p)>`).exec(html)?.[1]?.trim();
}

/** The public token of a charge, read from the API's `invoiceLink`. */
export function tokenOf(invoiceLink: string): string {
  const token = /\/pay\/([0-9A-Za-z]+)$/.exec(invoiceLink)?.[1];
  if (!token) throw new Error(`not an invoice link: ${invoiceLink}`);
  return token;
}

/** An open `text/event-stream`: `next()` resolves with the data of the next `status` event. */
export async function openStream(url: string): Promise<{ res: Response; next(): Promise<{ status: string; issued: boolean }>; close(): void }> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    res,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (/^event: status$/m.test(block) && data) return JSON.parse(data) as { status: string; issued: boolean };
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => abort.abort(),
  };
}

/** A checkout page opened as a new visitor: its session cookie (`name=value`) and the form's CSRF token. */
export async function openCheckout(svc: TestService, accessId: string): Promise<{ res: Response; html: string; cookie: string; csrf: string }> {
  const { res, html } = await getPage(svc, `/c/${accessId}`);
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  return { res, html, cookie, csrf };
}

/** The checkout form posted as a page would (urlencoded, no redirect followed). */
export function postCheckout(svc: TestService, accessId: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${svc.url}/c/${accessId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The checkout sessions of a link (how many a request opened). */
export async function sessionsOf(svc: TestService, linkId: string): Promise<{ id: string; status: string }[]> {
  const res = await svc.db.query<{ id: string; status: string }>('SELECT id, status FROM checkout_sessions WHERE payment_link_id = $1 ORDER BY started_at, id', [linkId]);
  return res.rows;
}

/** The checkout form's card fields as a payer types them (strings, as the form posts them). */
export function cardFields(number: string, installments = '1'): Record<string, string> {
  return { number, holderName: 'MARIA SILVA', expMonth: '12', expYear: '2035', cvv: '987', installments };
}
