import type { Feature } from "../../platform/feature.ts";
import { dutyRoutes } from "./routes.ts";

/** Duty roles ('Vaktroller', issue 26): roles per department and who holds each per shift block. */
export const dutyFeature: Feature = { name: "duty", routes: dutyRoutes };
