/** Whether a replacement would change anything: a PUT that changes nothing writes nothing and keeps `updatedAt`. */

/** Key order of objects does not matter (jsonb reorders keys), array order does. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** True when every field of `next` equals the same field of `current` (which may hold more fields). */
export function unchanged<T extends object>(current: T, next: T): boolean {
  const picked = Object.fromEntries(Object.keys(next).map((k) => [k, current[k as keyof T]]));
  return canonical(picked) === canonical(next);
}
