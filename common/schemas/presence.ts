import { z } from "zod";

/** When a colleague was last seen; the status follows from common/domain/presence.ts. */
export const presenceEntry = z.object({ userId: z.uuid(), lastSeenAt: z.string() });
export type PresenceEntry = z.infer<typeof presenceEntry>;

/** The department's people seen in the last ten minutes (online or away); the rest are offline. */
export const departmentPresence = z.object({ presence: z.array(presenceEntry) });
