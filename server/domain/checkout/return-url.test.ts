import { describe, expect, it } from 'vitest';
import { returnUrl } from './return-url';

describe('returnUrl', () => {
  it('adds the session id after the URL\'s own query, keeping its fragment', () => {
    expect(returnUrl('https://loja.example/obrigado?pedido=1042&canal=link#topo', 'chs_abc')).toBe(
      'https://loja.example/obrigado?pedido=1042&canal=link&checkoutSessionId=chs_abc#topo',
    );
    expect(returnUrl('http://127.0.0.1:4242/ok', 'chs_abc')).toBe('http://127.0.0.1:4242/ok?checkoutSessionId=chs_abc');
  });

  it('replaces a checkoutSessionId the URL already carries, so the store reads one value', () => {
    expect(returnUrl('https://loja.example/ok?checkoutSessionId=old&x=1', 'chs_new')).toBe('https://loja.example/ok?checkoutSessionId=chs_new&x=1');
  });

  it('is null without a successUrl, and for an address that is not http(s) or not an address', () => {
    expect(returnUrl(null, 'chs_abc')).toBeNull();
    expect(returnUrl('javascript:alert(1)', 'chs_abc')).toBeNull();
    expect(returnUrl('not a url', 'chs_abc')).toBeNull();
  });

  it('is the successUrl itself for a charge without a session', () => {
    expect(returnUrl('https://loja.example/ok?a=1', null)).toBe('https://loja.example/ok?a=1');
  });
});
