/**
 * The access log ('Tilgangslogg', issue 30): what an admin or leader did with another
 * person's data. Only ids and these actions are kept, never message text.
 */
export const accessActions = [
  "record.view",
  "record.edit",
  "record.export",
  "avatar.change",
  "audit.view",
  "demo.signin",
] as const;
export type AccessAction = (typeof accessActions)[number];

/** How long a row is kept: two years, then a job deletes it. */
export const accessLogKeptYears = 2;

/** The oldest instant a row may have at `now`; older ones are deleted. */
export function accessLogCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - accessLogKeptYears);
  return cutoff;
}
