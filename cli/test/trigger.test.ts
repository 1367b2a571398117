/**
 * `payments trigger` against the spec's event types, without a service: every event of the spec's `webhooks` either
 * has a flow or is named, with the reason, as one the sandbox cannot produce; `--help` shows both; asking for the
 * latter is one line with the reason. The flows themselves run against a live service in cli-live.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main';
import { FLOWS, NOT_TRIGGERABLE, TRIGGERS } from '../src/trigger';

const bundled = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../generated/openapi.json'), 'utf8')) as { webhooks: Record<string, unknown> };
const SPEC_EVENTS = Object.keys(bundled.webhooks);

async function run(argv: string[]) {
  let stdout = '';
  let stderr = '';
  // A base URL nothing listens on: a test that reached the network would fail with "cannot reach".
  const env = { PAYMENTS_API_KEY: 'sk_test_cliTriggerTestsKey000000000', PAYMENTS_BASE_URL: 'http://127.0.0.1:9' };
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
  return { code, stdout, stderr };
}

describe('payments trigger and the spec’s event types', () => {
  it('has one entry per event type of the spec, in the spec’s order', () => {
    expect(SPEC_EVENTS.length).toBeGreaterThanOrEqual(31);
    expect(Object.keys(TRIGGERS)).toEqual(SPEC_EVENTS);
    expect([...Object.keys(FLOWS), ...Object.keys(NOT_TRIGGERABLE)].sort()).toEqual([...SPEC_EVENTS].sort());
  });

  it('makes subscription, cycle, withdrawal and checkout events; only two events cannot be made, each with a reason', () => {
    for (const prefix of ['transaction.', 'customer.', 'subscription.', 'cycle.', 'withdrawal.', 'checkout.']) {
      expect(Object.keys(FLOWS).some((e) => e.startsWith(prefix)), prefix).toBe(true);
    }
    expect(Object.keys(NOT_TRIGGERABLE)).toEqual(['transaction.awaiting', 'checkout.abandoned']);
    for (const why of Object.values(NOT_TRIGGERABLE)) expect(why!.length).toBeGreaterThan(40);
  });

  it('--help lists every event it makes, with what it makes, then the others with the reason', async () => {
    const r = await run(['trigger', '--help']);
    expect(r.code).toBe(0);
    const [events, rest] = r.stdout.split('\ncannot be triggered:\n');
    for (const [event, flow] of Object.entries(FLOWS)) expect(events).toContain(`  ${event.padEnd(32)}${flow!.does}\n`);
    for (const [event, why] of Object.entries(NOT_TRIGGERABLE)) expect(rest).toContain(`  ${event.padEnd(32)}${why}\n`);
  });

  it('an event the sandbox cannot produce: one line with the reason, exit 2, nothing sent', async () => {
    const r = await run(['trigger', 'checkout.abandoned']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`payments: cannot trigger "checkout.abandoned" in the sandbox: it ${NOT_TRIGGERABLE['checkout.abandoned']}\n`);
    expect(r.stderr).toContain('CHECKOUT_SESSION_TTL_SECONDS');
  });
});
