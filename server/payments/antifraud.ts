/**
 * The anti-fraud analysis a card charge goes through before it reaches an acquirer. `screen` runs on every card
 * charge and either clears it or sends it to the (slower) `analysis`, which clears, refuses or asks for a manual
 * `review`; the review clears or refuses. A refusal here is `refused`, distinct from an acquirer's `failed`.
 */
import type { CardRef } from './provider';

export type FraudStage = 'screen' | 'analysis' | 'review';
export type FraudVerdict = 'clear' | 'analyze' | 'review' | 'refuse';

export interface AntiFraud {
  readonly id: string;
  assess(req: { transactionId: string; stage: FraudStage; amount: number; card: CardRef }): Promise<FraudVerdict>;
}
