/**
 * The answer to a retry whose first request committed its work and then died (or failed) before answering: the
 * resource of its recovery point as it stands now, rendered as the operation's success renders it.
 */
import type { RecoveryRef } from '../domain/recovery';
import type { Ctx } from './context';
import { recoveries } from './handlers';

export interface Answer {
  status: number;
  body: unknown;
}

/** The answer of the retry: the status the operation's success had, and its resource rendered by its handler module. */
export async function recoveredAnswer(ctx: Ctx, ref: RecoveryRef): Promise<Answer> {
  return { status: ref.status, body: await recoveries[ref.resource](ctx, ref) };
}
