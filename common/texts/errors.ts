/**
 * Stable error codes and their Norwegian messages, one file per feature under
 * `errors/`. The API answers `{ error: { code, message } }`; the web app shows
 * `message` as is. The spec's English server messages ('Not authenticated', …) are
 * codes here.
 */
import { attachmentsErrors } from "./errors/attachments.ts";
import { authErrors } from "./errors/auth.ts";
import { chatErrors } from "./errors/chat.ts";
import { departmentsErrors } from "./errors/departments.ts";
import { dutyErrors } from "./errors/duty.ts";
import { notificationsErrors } from "./errors/notifications.ts";
import { platformErrors } from "./errors/platform.ts";
import { profileErrors } from "./errors/profile.ts";
import { pushErrors } from "./errors/push.ts";
import { realtimeErrors } from "./errors/realtime.ts";
import { shiftsErrors } from "./errors/shifts.ts";
import { swapsErrors } from "./errors/swaps.ts";
import { usersErrors } from "./errors/users.ts";
import { workErrors } from "./errors/work.ts";

export const errorMessages = {
  ...platformErrors,
  ...authErrors,
  ...departmentsErrors,
  ...realtimeErrors,
  ...notificationsErrors,
  ...chatErrors,
  ...attachmentsErrors,
  ...shiftsErrors,
  ...swapsErrors,
  ...profileErrors,
  ...pushErrors,
  ...usersErrors,
  ...dutyErrors,
  ...workErrors,
} as const;

export type ErrorCode = keyof typeof errorMessages;

export function errorMessage(code: ErrorCode): string {
  return errorMessages[code];
}
