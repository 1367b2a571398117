/** Field names in the seed's bracket notation: `/body/payment/currency` → `payment[currency]`. */

export function bracketPath(path: string): string {
  const parts = path
    .replace(/^[./]?(body|query|params|headers|path)(?=[./[]|$)/, '')
    .split(/[./]/)
    .flatMap((p) => p.split(/\[|\]/))
    .filter(Boolean);
  return bracketName(parts);
}

/** `['payment', 'currency']` → `payment[currency]`; no parts names the body itself. */
export function bracketName(parts: readonly string[]): string {
  if (parts.length === 0) return 'body';
  return parts[0] + parts.slice(1).map((p) => `[${p}]`).join('');
}
