import type { Feature } from "../../platform/feature.ts";
import { deliverWhenQueued, leftBehindJob } from "./outbox.ts";
import { notificationRoutes } from "./routes.ts";

export const notificationsFeature: Feature = {
  name: "notifications",
  routes(app, ctx) {
    notificationRoutes(app, ctx);
    deliverWhenQueued(ctx);
  },
  jobs: (ctx) => [leftBehindJob(ctx)],
};
