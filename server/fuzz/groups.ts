/**
 * The fuzz files' share of the routes: each route in exactly one group (the last takes
 * what the others leave), so a new route is fuzzed wherever it lands, and the files run
 * side by side.
 */
import type { RegisteredRoute } from "../platform/pipeline.ts";

const prefixes = {
  chat: /^\/api\/chat\//,
  "shifts and swaps": /^\/api\/(shifts|swaps)(\/|$)/,
  "people and departments":
    /^\/api\/(admin|users|avatars|profile|me|departments|notifications|presence)(\/|$)/,
};

export type FuzzGroup = keyof typeof prefixes | "the rest";

export function groupOf(route: RegisteredRoute): FuzzGroup {
  const found = (Object.keys(prefixes) as (keyof typeof prefixes)[]).find((g) => prefixes[g].test(route.url));
  return found ?? "the rest";
}
