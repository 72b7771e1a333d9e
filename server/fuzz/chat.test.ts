/** Fuzzing the chat routes (see runner.ts for the properties and variables). */
import { fuzzRoutes } from "./runner.ts";

fuzzRoutes("chat routes", (r) => r.url.startsWith("/api/chat/"));
