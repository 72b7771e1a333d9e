import { describeMatrix } from "../test/access-matrix.ts";
import { swapRoutes } from "./swaps.routes.ts";

describeMatrix("swaps", swapRoutes);
