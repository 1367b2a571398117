/**
 * Faults a test switches on: a matching request is answered with an error and has no effect (`fail`), takes effect
 * but is answered late or never (`hang`), or has its connection destroyed with or without effect (`drop`). Rules are
 * consumed in the order they were added by the requests they match.
 */

/** Which requests a rule applies to: a method and a path prefix (`/v1/payment_intents`), both optional. */
export interface Match {
  method?: string;
  pathPrefix?: string;
}

export type FaultRule =
  /** `saved`: a 5xx Stripe kept as the key's answer (it began executing), replayed to every retry under the key. */
  | ({ kind: 'fail'; status: 429 | 500 | 502 | 503; times: number; saved?: boolean } & Match)
  /** `slow`: nothing happens until `ms` has passed (the key in progress meanwhile), then it executes and answers. */
  | ({ kind: 'hang'; ms?: number; times: number; slow?: boolean } & Match)
  | ({ kind: 'drop'; effect: boolean; times: number } & Match);

export class Faults {
  private readonly rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    if (!(Number.isInteger(rule.times) && rule.times > 0)) throw new Error(`times must be a positive integer, got ${rule.times}`);
    this.rules.push(rule);
  }

  /** The rule the request meets, one use of it taken. */
  take(method: string, path: string): FaultRule | undefined {
    const i = this.rules.findIndex(
      (r) => (r.method === undefined || r.method.toUpperCase() === method) && (r.pathPrefix === undefined || path.startsWith(r.pathPrefix)),
    );
    if (i < 0) return undefined;
    const rule = this.rules[i]!;
    rule.times -= 1;
    if (rule.times <= 0) this.rules.splice(i, 1);
    return rule;
  }
}
