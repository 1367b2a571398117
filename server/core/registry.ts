/**
 * A registry of named followers that a lower module calls and an upper module fills (the floors of server/: the lower
 * one may not import the upper). Registering a name twice adds nothing. Asked for its followers when one is needed,
 * an empty registry throws: a process composed without them would otherwise skip work silently.
 */
export class Followers<F extends { name: string }> {
  private readonly list: F[] = [];

  constructor(private readonly what: string) {}

  /** Adds `follower` unless one of its name is there; order of registration is order of calls. */
  register(follower: F): void {
    if (!this.list.some((f) => f.name === follower.name)) this.list.push(follower);
  }

  /** The followers; throws when `needed` and none is registered. */
  all(needed: boolean): readonly F[] {
    if (needed && this.list.length === 0) throw new Error(`no ${this.what} registered: compose the service with createEngine (service.ts)`);
    return this.list;
  }
}
