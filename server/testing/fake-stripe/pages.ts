/**
 * The hosted pages the API's URLs point at (`hosted_voucher_url`, `hosted_instructions_url`, the QR images, the
 * 3-D Secure page), served by the fake under /fake/ so a developer clicking through sees something. At Stripe they
 * live on stripe.com; nothing in the API depends on their content.
 */
import { modulesPng, qrModules } from '../../payments/pix-qr-image';
import type { FakeState } from './state';

export interface Page {
  status: number;
  contentType: string;
  data: string | Buffer;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (title: string, body: string): Page => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  data: `<!doctype html><meta charset="utf-8"><title>${escape(title)}</title><h1>${escape(title)}</h1>${body}`,
});
const NOT_FOUND: Page = { status: 404, contentType: 'text/plain; charset=utf-8', data: 'Not found\n' };

function svg(modules: boolean[][]): string {
  const rects = modules.flatMap((row, y) => row.map((dark, x) => (dark ? `<rect x="${x}" y="${y}" width="1" height="1"/>` : ''))).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules.length} ${modules.length}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>${rects}</svg>`;
}

/** The page at `path` (under /fake/), or a 404. */
export function hostedPage(state: FakeState, path: string): Page {
  const m = /^\/fake\/(boleto|pix|3ds)\/([^/]+)(?:\/(pdf|qr\.png|qr\.svg))?$/.exec(path);
  const pi = m ? state.paymentIntents.get(decodeURIComponent(m[2]!)) : undefined;
  if (!m || pi === undefined) return NOT_FOUND;
  const [, kind, , asset] = m;
  const boleto = pi.next_action?.boleto_display_details;
  const pix = pi.next_action?.pix_display_qr_code;
  if (kind === 'boleto' && boleto?.number) {
    if (asset === 'pdf') return { status: 200, contentType: 'text/plain; charset=utf-8', data: `Boleto ${boleto.number}\n` };
    return html('Boleto', `<p>Linha digitável: <code>${escape(boleto.number)}</code></p><p>Vence em ${new Date((boleto.expires_at ?? 0) * 1000).toISOString()}</p>`);
  }
  if (kind === 'pix' && pix?.data) {
    if (asset === 'qr.png') return { status: 200, contentType: 'image/png', data: modulesPng(qrModules(pix.data), 6) };
    if (asset === 'qr.svg') return { status: 200, contentType: 'image/svg+xml', data: svg(qrModules(pix.data)) };
    return html('Pix', `<p><img src="${escape(pix.image_url_svg ?? '')}" width="240" alt="QR code"></p><p>Copia e cola: <code>${escape(pix.data)}</code></p>`);
  }
  if (kind === '3ds' && pi.status === 'requires_action') {
    return html('3-D Secure (fake)', `<p>PaymentIntent ${escape(pi.id)} waits for authentication. The test drives it with <code>authenticate()</code>, or POST /authenticate/${escape(pi.id)}/succeeded on the control port.</p>`);
  }
  return NOT_FOUND;
}
