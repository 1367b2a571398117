/**
 * The billet's barcode: the 44 digits as an interleaved 2-of-5 symbol (FEBRABAN: wide bars three times the narrow,
 * no check digit of the symbology: the 44 digits carry their own), drawn by bwip-js as SVG so it prints sharp at any
 * size. The SVG is labelled for screen readers, and is the only markup a page inserts unescaped (see `raw`).
 */
import bwipjs from 'bwip-js/node';
import { escapeHtml } from './html';

export const BARCODE_LABEL = 'Código de barras do boleto';

export function billetBarcodeSvg(digits: string): string {
  if (!/^\d{44}$/.test(digits)) throw new Error('a billet barcode has 44 digits');
  const svg = bwipjs.toSVG({ bcid: 'interleaved2of5', text: digits, height: 13, includetext: false, includecheck: false });
  // The library's root element carries only its viewBox: give it a role and name, and no size (the CSS sets it).
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${escapeHtml(BARCODE_LABEL)}" class="barcode" preserveAspectRatio="none" `);
}
