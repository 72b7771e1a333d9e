/** Fuzzing the routes of group "chat" (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("chat");
