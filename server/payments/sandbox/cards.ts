/**
 * The sandbox's test cards (documented in the spec's `CardInput`) and its card vault. The vault exchanges a card
 * for a token that carries the card's scenario, so a worker in another process, or after a restart, knows the
 * outcome without the card number ever being kept anywhere.
 */
import { randomBase62 } from '../../ids';
import type { AntiFraud, FraudVerdict } from '../antifraud';
import { cardDigits, detectBrand } from '../card';
import type { CardRef, CardVault } from '../provider';

export type Scenario = 'approve' | 'decline' | 'no-funds' | 'review' | 'fraud' | 'fallback';

/** Test card numbers with an outcome of their own; any other valid number is approved. */
export const TEST_CARDS: Readonly<Record<string, Scenario>> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'no-funds',
  '4000000000000259': 'review',
  '4000000000000267': 'fraud',
  '4000000000000119': 'fallback',
};

const SCENARIOS: readonly Scenario[] = ['approve', 'decline', 'no-funds', 'review', 'fraud', 'fallback'];

/** The scenario a sandbox token carries (`tok_sbx_<scenario>_<random>`); `approve` for anything else. */
export function scenarioOf(token: string): Scenario {
  const match = /^tok_sbx_([a-z-]+)_[0-9A-Za-z]+$/.exec(token);
  const scenario = match?.[1] as Scenario | undefined;
  return scenario && SCENARIOS.includes(scenario) ? scenario : 'approve';
}

/** Whether a card token is the sandbox vault's (`tok_sbx_…`), not another route's. */
export function isSandboxToken(token: string): boolean {
  return token.startsWith('tok_sbx_');
}

export const sandboxVault: CardVault = {
  async tokenize(card) {
    const brand = detectBrand(card.number);
    if (!brand) throw new Error('tokenize: unsupported brand (checked before)');
    const { first6, last4 } = cardDigits(card.number);
    const scenario = TEST_CARDS[card.number] ?? 'approve';
    const ref: CardRef = { token: `tok_sbx_${scenario}_${randomBase62(16)}`, brand, firstDigits: first6, lastDigits: last4 };
    return ref;
  },
};

/** What the sandbox analysis says at each stage, by the card's scenario. */
const VERDICTS: Record<'review' | 'fraud', Record<'screen' | 'analysis' | 'review', FraudVerdict>> = {
  review: { screen: 'analyze', analysis: 'review', review: 'clear' },
  fraud: { screen: 'analyze', analysis: 'refuse', review: 'refuse' },
};

export const sandboxAntiFraud: AntiFraud = {
  id: 'antifraud',
  async assess({ stage, card }) {
    const scenario = scenarioOf(card.token);
    if (scenario === 'review' || scenario === 'fraud') return VERDICTS[scenario][stage];
    return 'clear';
  },
};
