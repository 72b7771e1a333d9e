import type { Feature } from "../../platform/feature.ts";
import { devRoutes } from "./routes.ts";

/** Staging only: not registered at all in production, so its paths answer 404. */
export const devFeature: Feature = {
  name: "dev",
  enabled: (ctx) => ctx.config.demoTools,
  routes: devRoutes,
};
