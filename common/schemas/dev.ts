import { z } from "zod";
import { roles } from "../domain/roles.ts";
import { email } from "./auth.ts";

export const mail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const mailbox = z.array(mail);

export const demoUser = z.object({
  email: z.string(),
  fullName: z.string(),
  role: z.enum(roles).nullable(),
  deptName: z.string().nullable(),
});
export const demoUserList = z.object({ users: z.array(demoUser) });

export const impersonateRequest = z.object({ email });

/** Browser tests only (MOVABLE_CLOCK): move the server's clock forward. */
export const advanceClockRequest = z.object({
  ms: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400_000),
});
export const clockResponse = z.object({ now: z.iso.datetime({ offset: true }) });
