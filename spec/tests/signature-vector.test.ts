import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The signature test vectors printed in the docs are what a receiver will check its verifier against. */
const chapters = ['info.md', 'tag-webhooks.md'].map((f) => ({
  file: f,
  text: readFileSync(resolve(import.meta.dirname, '../descriptions', f), 'utf8'),
}));

function row(text: string, label: string): string {
  const line = text.split('\n').findLast((l) => l.startsWith(`| ${label} |`)); // the vector table comes last
  if (!line) throw new Error(`no "${label}" row`);
  return /`([^`]+)`/.exec(line.slice(label.length + 3))![1]!;
}

describe('webhook signature test vectors in the docs', () => {
  for (const { file, text } of chapters) {
    it(`${file}: X-Service-Signature is HMAC-SHA256 of the body keyed with the secret`, () => {
      const secret = row(text, 'secret');
      const body = row(text, 'body (exact bytes)');
      const header = row(text, '`X-Service-Signature`');
      expect(secret).toMatch(/^whsec_/);
      expect(header).toBe(`sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`);
    });
  }

  it('tag-webhooks.md: webhook-signature is the Standard Webhooks signature of id.timestamp.body', () => {
    const text = chapters[1]!.text;
    const secret = row(text, 'secret');
    const body = row(text, 'body (exact bytes)');
    const line = text.split('\n').find((l) => l.startsWith('| `webhook-id`, `webhook-timestamp` |'))!;
    const [id, timestamp] = [...line.matchAll(/`([^`]+)`/g)].slice(2).map((m) => m[1]!);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    expect(row(text, '`webhook-signature`')).toBe(`v1,${expected}`);
  });
});
