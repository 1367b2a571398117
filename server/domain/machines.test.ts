/**
 * Each state machine's code table is the table its documentation prints, pair for pair: a move added to one and
 * not the other fails here. (Transactions, subscriptions and billing cycles have their own tests beside them.)
 */
import { describe, expect, it } from 'vitest';
import { finalStates, movePairs, sourcesOf, sqlStates } from '../core/state-machine';
import { OPERATION_TRANSITIONS } from '../payments/operations';
import { schemaDescription, section, tablePairs } from '../testing/spec-tables';
import { REFUND_TRANSITIONS } from './transactions/status';
import { DISPATCH_TRANSITIONS } from '../webhooks/dispatches-repo';
import { SESSION_TRANSITIONS } from './checkout/sessions-repo';
import { WITHDRAWAL_TRANSITIONS } from './withdrawals/repo';

const sorted = (pairs: string[]) => [...pairs].sort();

describe('the state machines and their documentation', () => {
  it('refunds: the table of the spec\'s Refund.status', () => {
    const documented = tablePairs(schemaDescription('Refund', 'status'), { from: 1, to: 2 });
    expect(documented.length).toBeGreaterThanOrEqual(2);
    expect(sorted(movePairs(REFUND_TRANSITIONS))).toEqual(documented);
  });

  it('withdrawals: the table of the spec\'s WithdrawalStatus', () => {
    const documented = tablePairs(schemaDescription('WithdrawalStatus'), { from: 1, to: 2 });
    expect(documented.length).toBeGreaterThanOrEqual(2);
    expect(sorted(movePairs(WITHDRAWAL_TRANSITIONS))).toEqual(documented);
  });

  it('webhook dispatches: the table of the spec\'s WebhookDispatchStatus', () => {
    const documented = tablePairs(schemaDescription('WebhookDispatchStatus'), { from: 1, to: 3 });
    expect(documented.length).toBeGreaterThanOrEqual(8);
    expect(sorted(movePairs(DISPATCH_TRANSITIONS))).toEqual(documented);
  });

  it('checkout sessions: the table of the spec\'s CheckoutSession.status', () => {
    const documented = tablePairs(schemaDescription('CheckoutSession', 'status'), { from: 1, to: 2 });
    expect(documented.length).toBeGreaterThanOrEqual(2);
    expect(sorted(movePairs(SESSION_TRANSITIONS))).toEqual(documented);
  });

  it('provider operations: the table of "Provider operations" in server/README.md', () => {
    const chapter = section('server/README.md', '## Provider operations');
    const lifeTable = chapter.slice(chapter.indexOf('| from | to | when |'));
    const documented = tablePairs(lifeTable, { from: 1, to: 2 });
    expect(documented.length).toBeGreaterThanOrEqual(6);
    expect(sorted(movePairs(OPERATION_TRANSITIONS))).toEqual(documented);
  });

  it('final states are the ones nothing leaves, and the SQL lists name the sources of a state', () => {
    expect(finalStates(REFUND_TRANSITIONS).sort()).toEqual(['failed', 'succeeded']);
    expect(finalStates(OPERATION_TRANSITIONS)).toEqual(['succeeded']);
    expect(sourcesOf(OPERATION_TRANSITIONS, 'succeeded')).toEqual(['started', 'uncertain']);
    expect(sqlStates(sourcesOf(OPERATION_TRANSITIONS, 'started'))).toBe("'failed'");
  });
});
