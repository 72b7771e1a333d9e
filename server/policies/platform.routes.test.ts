import { describeMatrix } from "../test/access-matrix.ts";
import { authRoutes } from "./auth.routes.ts";
import { departmentRoutes } from "./departments.routes.ts";
import { notificationRoutes } from "./notifications.routes.ts";

describeMatrix("sign-in, departments and notifications", {
  ...authRoutes,
  ...departmentRoutes,
  ...notificationRoutes,
});
