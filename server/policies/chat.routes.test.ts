import { describeMatrix } from "../test/access-matrix.ts";
import { chatRoutes } from "./chat.routes.ts";

describeMatrix("chat", chatRoutes);
