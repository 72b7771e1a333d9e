import { describeMatrix } from "../test/access-matrix.ts";
import { workRoutes } from "./work.routes.ts";

describeMatrix("work", workRoutes);
