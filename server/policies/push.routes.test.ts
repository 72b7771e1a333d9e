import { describeMatrix } from "../test/access-matrix.ts";
import { pushRoutes } from "./push.routes.ts";

describeMatrix("push", pushRoutes);
