/**
 * What each handler module gives the idempotency store: for each kind of resource its operations record as a recovery
 * point, how to reload that resource and render it as the operation's success. A retry of a request whose first run
 * committed its work and then died before answering is answered so (`recover.ts`, from the table `handlers/index.ts`
 * assembles from the modules' exports: a kind the registry marks `recovered` without one there does not compile).
 */
import type { RecoverableKind } from '../core/resources';
import type { RecoveryRef } from '../domain/recovery';
import type { Ctx } from './context';

/** The body of the success of the operation that recorded `ref`, from its resource as it stands now. */
export type Recover = (ctx: Ctx, ref: RecoveryRef) => Promise<unknown>;

/** One recovery per kind a retry recovers; a handler module exports those of its kinds (`satisfies Partial<Recoveries>`). */
export type Recoveries = Record<RecoverableKind, Recover>;
