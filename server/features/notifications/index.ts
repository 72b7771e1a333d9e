import type { Feature } from "../../platform/feature.ts";
import { notificationRoutes } from "./routes.ts";

export const notificationsFeature: Feature = { name: "notifications", routes: notificationRoutes };
