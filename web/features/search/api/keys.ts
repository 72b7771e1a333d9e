import type { QueryKey } from "@tanstack/react-query";
import type { SearchQuery } from "../../../../common/schemas/search.ts";

/** The search's query keys: everything starts with "search", and every answer under "results", so one event reaches them all. */
export const searchKeys = {
  all: ["search"],
  /** every answer held, whatever was asked */
  allResults: ["search", "results"],
  results: (query: SearchQuery) => ["search", "results", query],
  /** the colleagues 'Fra' offers */
  colleagues: (deptId: string) => ["search", "colleagues", deptId],
} as const satisfies Record<string, QueryKey | ((arg: never) => QueryKey)>;
