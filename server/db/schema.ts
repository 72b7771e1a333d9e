/**
 * Every table, one file per feature under `schema/`; everything else imports tables from
 * here. Names are snake_case in SQL, camelCase in TypeScript. Auth tables follow
 * better-auth's model (user, session, account, verification); a person's own data
 * (name parts, phone, avatar, current department) lives in `profiles`.
 * A later feature adds its file under `schema/`, re-exports it here, adds its tables to
 * `schema` and writes a new migration.
 */
import { adminAuditLog } from "./schema/audit.ts";
import { account, session, user, verification } from "./schema/auth.ts";
import { chatMessageReactions, chatMessages, chatThreadMembers, chatThreads } from "./schema/chat.ts";
import { demoAccounts } from "./schema/demo.ts";
import { broadcasts, notifications } from "./schema/notifications.ts";
import { departments, profiles, staff } from "./schema/people.ts";
import { appSettings, mailOutbox, rateLimits } from "./schema/platform.ts";
import { presence } from "./schema/presence.ts";

export * from "./schema/access-log.ts";
export * from "./schema/audit.ts";
export * from "./schema/auth.ts";
export * from "./schema/chat.ts";
export * from "./schema/competence.ts";
export * from "./schema/demo.ts";
export * from "./schema/duty.ts";
export * from "./schema/notifications.ts";
export * from "./schema/people.ts";
export * from "./schema/platform.ts";
export * from "./schema/presence.ts";
export * from "./schema/privacy.ts";
export * from "./schema/push.ts";
export * from "./schema/retention.ts";
export * from "./schema/shifts.ts";
export * from "./schema/swaps.ts";
export * from "./schema/urgent.ts";

export const schema = {
  user,
  session,
  account,
  verification,
  departments,
  profiles,
  staff,
  mailOutbox,
  rateLimits,
  adminAuditLog,
  notifications,
  broadcasts,
  appSettings,
  chatThreads,
  chatThreadMembers,
  chatMessages,
  chatMessageReactions,
  presence,
  demoAccounts,
};
