/** What the long-lived answers of the service (server-sent events) share: their registry and when not to open one. */
import type { Response } from 'express';

/**
 * The open server-sent-event streams of an app, of one kind (a charge's status on the payment pages, a merchant's
 * events on the API), so that closing the service ends them instead of waiting minutes for them, and so that one owner
 * (a charge, a merchant) has at most `maxPerOwner`. `size` and `idle()` let tests see that a stream released what it
 * held.
 */
export class LiveStreams {
  private readonly open = new Set<() => void>();
  private readonly perOwner = new Map<string, number>();
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(readonly maxPerOwner: number) {}

  /**
   * True once `closeAll()` ran (the service is closing): a stream whose request was already being answered then must
   * not open, or it would hold the server's close for ever.
   */
  get closing(): boolean {
    return this.closed;
  }

  /** Registers a stream of `owner` (its `end`); the function that forgets it, or null when the owner has its most. */
  add(owner: string, end: () => void): (() => void) | null {
    const n = this.perOwner.get(owner) ?? 0;
    if (n >= this.maxPerOwner) return null;
    this.perOwner.set(owner, n + 1);
    this.open.add(end);
    let forgotten = false;
    return () => {
      if (forgotten) return;
      forgotten = true;
      this.open.delete(end);
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left > 0) this.perOwner.set(owner, left);
      else this.perOwner.delete(owner);
      if (this.open.size === 0) for (const w of this.waiters.splice(0)) w();
    };
  }

  /** The streams open now (each holds its timers, its wake-up subscription and its re-reads until it ends). */
  get size(): number {
    return this.open.size;
  }

  /** Resolves once no stream is open. */
  idle(): Promise<void> {
    return this.open.size === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  closeAll(): void {
    this.closed = true;
    for (const end of [...this.open]) end();
  }
}

/**
 * True when a stream must not open on `res`: the client left while its request was being answered (its `close`
 * came before the stream listened for it, so nothing would ever end the stream), or the service is closing.
 */
export function streamUnwanted(res: Response, streams: LiveStreams): boolean {
  return streams.closing || res.destroyed || res.req.destroyed || res.req.socket.destroyed;
}
