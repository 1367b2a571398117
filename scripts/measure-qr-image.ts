/**
 * What the inline PIX QR image (`payment.pixQrCodeImage`) costs a worker: renders the data URL of fresh sandbox BR
 * Codes in this process, one after another, and prints the CPU time per render (user + system, zlib's thread pool
 * included) and the size of the data URL, for the inline image and for the payer page's larger `/pay/{token}/qr.png`. A measurement to read, not a test: `npx tsx scripts/measure-qr-image.ts [renders]`.
 */
import { PIX_QR_IMAGE_OPTIONS, pixQrImage } from '../server/payments/pix-qr-image';
import { qrPng } from '../server/payments/sandbox/qr';
import { buildDynamicBrCode } from '../server/payments/sandbox/brcode';
import { randomBase62 } from '../server/ids';

const renders = Number(process.argv[2] ?? 400);

/** A BR Code as the sandbox issues one: its location carries a fresh 26-character txid. */
function brCode(i: number): string {
  return buildDynamicBrCode({
    location: `pix.payments.example/qr/v2/cob/${randomBase62(26)}`,
    amount: 1000 + i,
    merchantName: 'Acme Comercio Ltda',
    merchantCity: 'SAO PAULO',
  });
}

async function measure(name: string, render: (emv: string) => string | Promise<string>): Promise<void> {
  const codes = Array.from({ length: renders }, (_, i) => brCode(i));
  for (const c of codes.slice(0, 20)) await render(c); // warm up the JIT
  let bytes = 0;
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (const c of codes) bytes += (await render(c)).length;
  const used = process.cpuUsage(cpu);
  const wallMs = Number(process.hrtime.bigint() - wall) / 1e6;
  const cpuMs = (used.user + used.system) / 1000;
  console.log(`${name}: ${(cpuMs / renders).toFixed(2)} ms CPU, ${(wallMs / renders).toFixed(2)} ms wall per render; data URL ${Math.round(bytes / renders)} bytes`);
}

console.log(`${renders} renders each; BR Codes of ${brCode(0).length} characters; service options ${JSON.stringify(PIX_QR_IMAGE_OPTIONS)}`);
await measure('service (pixQrImage)', pixQrImage);
await measure('the payer page\'s image (qrPng, 6 pixels a module)', async (emv) => (await qrPng(emv)).toString('base64'));
