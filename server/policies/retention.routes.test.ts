import { describeMatrix } from "../test/access-matrix.ts";
import { retentionRoutes } from "./retention.routes.ts";

describeMatrix("retention", retentionRoutes);
