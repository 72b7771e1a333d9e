/**
 * Every API route's row in the access matrix, one table per policy file (see
 * `server/test/access-matrix.ts`; the suites are `*.routes.test.ts` beside them).
 */
import { accessLogRoutes } from "./access-log.routes.ts";
import { authRoutes } from "./auth.routes.ts";
import { chatRoutes } from "./chat.routes.ts";
import { departmentRoutes } from "./departments.routes.ts";
import { devRoutes } from "./dev.routes.ts";
import { dutyRoutes } from "./duty.routes.ts";
import { notificationRoutes } from "./notifications.routes.ts";
import { profileRoutes } from "./profile.routes.ts";
import { pushRoutes } from "./push.routes.ts";
import { retentionRoutes } from "./retention.routes.ts";
import { shiftRoutes } from "./shifts.routes.ts";
import { swapRoutes } from "./swaps.routes.ts";
import { urgentRoutes } from "./urgent.routes.ts";
import { userRoutes } from "./users.routes.ts";
import { workRoutes } from "./work.routes.ts";

export const routeTables = {
  auth: authRoutes,
  departments: departmentRoutes,
  notifications: notificationRoutes,
  chat: chatRoutes,
  urgent: urgentRoutes,
  shifts: shiftRoutes,
  swaps: swapRoutes,
  users: userRoutes,
  profile: profileRoutes,
  push: pushRoutes,
  dev: devRoutes,
  duty: dutyRoutes,
  work: workRoutes,
  retention: retentionRoutes,
  accessLog: accessLogRoutes,
};
