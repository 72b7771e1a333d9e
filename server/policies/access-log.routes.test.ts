import { describeMatrix } from "../test/access-matrix.ts";
import { accessLogRoutes } from "./access-log.routes.ts";

describeMatrix("access log", accessLogRoutes);
