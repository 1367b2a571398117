/**
 * HTML built from tagged templates: every interpolated value is escaped unless it is already `Html` (made by this
 * tag), so a merchant's `<script>` in a link name or a payer's name is text, never markup. Arrays are joined;
 * `null`, `undefined` and `false` render nothing (for `cond && html\`…\``).
 */

/** Markup known to be safe: only `html` and `raw` make one. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for an element's content and for a quoted attribute value alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

function render(value: Value): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new Html(out);
}

/** Markup this service made itself (the barcode SVG from the library); never for anything a person typed. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** Only an http(s) address becomes a link: escaping does not stop a merchant's `javascript:` URL from running. */
export function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}
