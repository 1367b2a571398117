import { describe, expect, it } from 'vitest';
import { Followers } from '../../core/registry';
import { registerChargeFollowers } from '../charge-followers';
import { subscriptionFollowers } from '../subscriptions/followers';
import { chargeFollowers, followCharges } from './followers';

describe("a charge's followers", () => {
  it('are the subscription then the checkout, registered once however often the service is composed', () => {
    registerChargeFollowers();
    registerChargeFollowers();
    followCharges({ name: 'subscription', follow: async () => undefined });
    const names = chargeFollowers().map((f) => f.name);
    expect(names.slice(0, 2)).toEqual(['subscription', 'checkout']);
    expect(names.filter((n) => n === 'subscription')).toHaveLength(1);
    expect(names.filter((n) => n === 'checkout')).toHaveLength(1);
    expect(subscriptionFollowers().map((f) => f.name)).toEqual(['checkout']);
  });

  it('refuse to be skipped: asked for followers that are needed, an empty registry throws', () => {
    const empty = new Followers<{ name: string }>('charge followers');
    expect(empty.all(false)).toEqual([]);
    expect(() => empty.all(true)).toThrow('no charge followers registered');
    empty.register({ name: 'a' });
    empty.register({ name: 'a' });
    empty.register({ name: 'b' });
    expect(empty.all(true).map((f) => f.name)).toEqual(['a', 'b']);
  });
});
