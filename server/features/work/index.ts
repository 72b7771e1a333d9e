import type { Feature } from "../../platform/feature.ts";
import { workRoutes } from "./routes.ts";

/** Working time and competence (issue 28): what leaders set for who may be given a shift. */
export const workFeature: Feature = { name: "work", routes: workRoutes };
