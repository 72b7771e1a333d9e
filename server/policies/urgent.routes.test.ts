import { describeMatrix } from "../test/access-matrix.ts";
import { urgentRoutes } from "./urgent.routes.ts";

describeMatrix("urgent", urgentRoutes);
