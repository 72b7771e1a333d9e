import { describeMatrix } from "../test/access-matrix.ts";
import { shiftRoutes } from "./shifts.routes.ts";

describeMatrix("shifts", shiftRoutes);
