import type { Feature } from "../../platform/feature.ts";
import { presenceRoutes } from "./routes.ts";

export const presenceFeature: Feature = { name: "presence", routes: presenceRoutes };
