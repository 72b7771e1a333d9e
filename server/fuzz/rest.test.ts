/** Fuzzing the routes of group "the rest" (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("the rest");
