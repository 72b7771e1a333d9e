/** PostgreSQL's unique_violation (23505), as the driver or Drizzle (its `cause`) reports it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}
