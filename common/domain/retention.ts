/**
 * Retention ('Oppbevaring', issue 30): what a department's rule may cover. Messages are
 * ruled per kind of thread; attachments by a rule of their own. No rule means 'Behold
 * alt'; a rule keeps a number of days (at least one).
 */
export const retentionScopes = ["shift", "department", "channel", "direct", "attachments"] as const;
export type RetentionScope = (typeof retentionScopes)[number];
