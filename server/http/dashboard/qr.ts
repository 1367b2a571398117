/** QR codes the dashboard shows (a payment link's address, an authenticator's set-up) as PNG data URLs: the pages'
 * CSP allows `data:` images and nothing else from elsewhere. Four pixels a module, sharp on a screen and in print. */
import { modulesPng, qrModules } from '../../payments/pix-qr-image';

const SCALE = 4;

export function qrImage(text: string): { src: string; width: number } {
  const modules = qrModules(text, 4);
  return { src: `data:image/png;base64,${modulesPng(modules, SCALE).toString('base64')}`, width: modules.length * SCALE };
}
