/** Reads an interleaved 2-of-5 barcode SVG back into its digits, for the tests of the billet page. */
import { expect } from 'vitest';

/** Interleaved 2-of-5: which of a digit's five elements are wide. */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/**
 * Reads the digits back from the SVG's bars (independently of the library): each bar is a vertical stroke at its
 * centre x with its width; the spaces are the gaps between bars. Start (nnnn), then pairs of digits whose five bars
 * spell the first and five spaces the second, then stop (wnn).
 */
export function decodeI2of5(svg: string): string {
  const bars: { left: number; width: number }[] = [];
  for (const path of svg.matchAll(/<path[^>]*stroke-width="([\d.]+)"[^>]*d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const move of path[2]!.matchAll(/M([\d.]+) [\d.]+L[\d.]+ [\d.]+/g)) bars.push({ left: Number(move[1]) - width / 2, width });
  }
  bars.sort((a, b) => a.left - b.left);
  const elements: number[] = [];
  bars.forEach((b, i) => {
    elements.push(b.width);
    const next = bars[i + 1];
    if (next) elements.push(next.left - (b.left + b.width));
  });
  const narrow = Math.min(...elements);
  const kind = elements.map((w) => (w > narrow * 1.5 ? 'w' : 'n'));
  expect(kind.slice(0, 4).join('')).toBe('nnnn');
  expect(kind.slice(-3).join('')).toBe('wnn');
  const body = kind.slice(4, -3);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    const first = pair.filter((_, j) => j % 2 === 0).join('');
    const second = pair.filter((_, j) => j % 2 === 1).join('');
    digits += `${PATTERNS.indexOf(first)}${PATTERNS.indexOf(second)}`;
  }
  return digits;
}
