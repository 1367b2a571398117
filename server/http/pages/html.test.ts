import { describe, expect, it } from 'vitest';
import { html, raw, safeUrl } from './html';

describe('html', () => {
  it('escapes every interpolated string, in content and in attributes', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<h1 title="${name}">${name}</h1>`.text).toBe(
      '<h1 title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</h1>',
    );
  });

  it('keeps nested templates as markup, joins arrays and drops null, undefined and false', () => {
    const items = ['a<b', 'c'].map((t) => html`<li>${t}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}${0}</ul>`.text).toBe('<ul><li>a&lt;b</li><li>c</li>0</ul>');
  });

  it('passes raw markup through unchanged', () => {
    expect(html`<div>${raw('<svg></svg>')}</div>`.text).toBe('<div><svg></svg></div>');
  });

  it('lets only http and https addresses become links', () => {
    expect(safeUrl('https://loja.example/obrigado?a=1')).toBe('https://loja.example/obrigado?a=1');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
});
