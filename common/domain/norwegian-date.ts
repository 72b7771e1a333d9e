/**
 * Dates as Norwegians write them, `dd.mm.åååå`, whatever the browser's own format: the
 * shift and swap forms take dates as text (a native date field shows the browser's locale,
 * often the US order). Typed kindly: `5.12.2026`, `05.12.26`, `05122026`, `5/12-2026`.
 */
import { isOsloDate, type OsloDate } from "./oslo-time.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-05` → `05.12.2026` */
export function formatNorwegianDate(date: OsloDate): string {
  const [y, m, d] = date.split("-");
  return `${d}.${m}.${y}`;
}

/** `05.12.2026` (and the kind variants above) → `2026-12-05`; null for no real date. */
export function parseNorwegianDate(typed: string): OsloDate | null {
  const text = typed.trim();
  const m =
    /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{2}|\d{4})$/.exec(text) ??
    /^(\d{2})(\d{2})(\d{4}|\d{2})$/.exec(text);
  if (!m) return null;
  // Two-digit years are this century's: a shift is never planned a hundred years ahead.
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const date = `${year}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
  return isOsloDate(date) ? date : null;
}
