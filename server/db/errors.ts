/** Database errors the domain turns into answers (same SQLSTATE and constraint name on PGlite and PostgreSQL). */

/** True when `err` is a unique violation (SQLSTATE 23505) of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}

/**
 * True when `err` is about the data of the statement (SQLSTATE class 22, data exception, or 23, integrity constraint
 * violation): the same statement without the offending row would pass, unlike a lost connection or a database down.
 */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}
