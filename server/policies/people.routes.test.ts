import { describeMatrix } from "../test/access-matrix.ts";
import { devRoutes } from "./dev.routes.ts";
import { profileRoutes } from "./profile.routes.ts";
import { userRoutes } from "./users.routes.ts";

describeMatrix("users, profile and demo tools", { ...userRoutes, ...profileRoutes, ...devRoutes });
