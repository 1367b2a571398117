/** Database errors the domain turns into answers (same SQLSTATE and constraint name on PGlite and PostgreSQL). */

/** True when `err` is a unique violation (SQLSTATE 23505) of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}
