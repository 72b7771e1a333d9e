/**
 * Every Norwegian text of the web app, in one typed catalogue (decisions.md: "All UI
 * texts live in one catalogue so an English catalogue can be added"), kept in one file
 * per feature under `ui/`. Texts the spec gives are copied exactly; the rest follow
 * their tone. Functions take what varies.
 */
import { accessLogTexts } from "./ui/access-log.ts";
import { authTexts } from "./ui/auth.ts";
import { chatTexts } from "./ui/chat.ts";
import { chatListsTexts } from "./ui/chat-lists.ts";
import { devTexts } from "./ui/dev.ts";
import { dutyTexts } from "./ui/duty.ts";
import { fairnessTexts } from "./ui/fairness.ts";
import { generalTexts } from "./ui/general.ts";
import { notificationsTexts } from "./ui/notifications.ts";
import { profileTexts } from "./ui/profile.ts";
import { pushTexts } from "./ui/push.ts";
import { retentionTexts } from "./ui/retention.ts";
import { searchTexts } from "./ui/search.ts";
import { shellTexts } from "./ui/shell.ts";
import { shiftsTexts } from "./ui/shifts.ts";
import { swapsTexts } from "./ui/swaps.ts";
import { urgentTexts } from "./ui/urgent.ts";
import { usersTexts } from "./ui/users.ts";
import { workTexts } from "./ui/work.ts";

export const ui = {
  ...generalTexts,
  ...authTexts,
  ...shellTexts,
  ...profileTexts,
  ...chatTexts,
  ...chatListsTexts,
  ...devTexts,
  ...notificationsTexts,
  ...shiftsTexts,
  ...swapsTexts,
  ...usersTexts,
  ...dutyTexts,
  ...urgentTexts,
  ...pushTexts,
  ...workTexts,
  ...retentionTexts,
  ...accessLogTexts,
  ...fairnessTexts,
  ...searchTexts,
} as const;

export type UiTexts = typeof ui;
