/**
 * The access log ('Tilgangslogg', issue 30): a person's own rows on 'Min Profil' ('Hvem
 * har sett eller endret mine opplysninger') and the whole log for admins. A row says
 * when, what (an action, never a text) and who: the colleague who acted is named, since
 * knowing who looked is the point; one whose account is gone is `null` ('Slettet bruker').
 */
import { z } from "zod";
import { accessActions } from "../domain/access-log.ts";
import { isOsloDate } from "../domain/oslo-time.ts";

export const accessLogLimits = { page: 50 } as const;

const osloDate = z.string().refine(isOsloDate, "Ugyldig dato");
const person = z.object({ userId: z.uuid(), name: z.string() });

export const accessEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  action: z.enum(accessActions),
  /** who did it; null when that account is gone */
  actor: person.nullable(),
});
export type AccessEntry = z.infer<typeof accessEntry>;

/** GET /api/profile/access-log: my rows, newest first; `before` is the last row seen. */
export const ownAccessQuery = z.object({ before: z.uuid().optional() });
export const ownAccessPage = z.object({
  entries: z.array(accessEntry),
  /** the id to page on with `before`, null at the end */
  next: z.uuid().nullable(),
});

/**
 * GET /api/admin/access-log: the whole log, or the rows about one person (`subject`), by
 * one person (`actor`), of one action, within Oslo dates `from` to `to` (both included).
 */
export const adminAccessQuery = z
  .object({
    before: z.uuid().optional(),
    subject: z.uuid().optional(),
    actor: z.uuid().optional(),
    action: z.enum(accessActions).optional(),
    from: osloDate.optional(),
    to: osloDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "Fra-dato etter til-dato", path: ["to"] });
export type AdminAccessQuery = z.infer<typeof adminAccessQuery>;

export const adminAccessEntry = accessEntry.extend({ subject: person });
export type AdminAccessEntry = z.infer<typeof adminAccessEntry>;
export const adminAccessPage = z.object({
  entries: z.array(adminAccessEntry),
  next: z.uuid().nullable(),
});
