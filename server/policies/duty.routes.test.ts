import { describeMatrix } from "../test/access-matrix.ts";
import { dutyRoutes } from "./duty.routes.ts";

describeMatrix("duty", dutyRoutes);
