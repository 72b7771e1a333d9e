import type { Feature } from "../../platform/feature.ts";
import { departmentRoutes } from "./routes.ts";

export const departmentsFeature: Feature = { name: "departments", routes: departmentRoutes };
