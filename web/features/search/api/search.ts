/**
 * GET /api/search (common/schemas/search.ts) as the search box asks it: the words and
 * the filters in the address, the answer checked against the contract. A query too short
 * to search, without a filter that says what to look for, is not sent.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { hasSomethingToFind } from "../../../../common/domain/search.ts";
import { colleagueList } from "../../../../common/schemas/departments.ts";
import { type SearchQuery, searchResults } from "../../../../common/schemas/search.ts";
import { apiFetch } from "../../../lib/api.ts";
import { searchKeys } from "./keys.ts";

/** Whether the server takes the query: two characters, or a filter that says what to look for. */
export const isSearchable = (query: SearchQuery) =>
  hasSomethingToFind({ ...query, hasFile: query.hasFile === "true" });

/** `/api/search?q=…&from=…`: the filters that are set, `q` always (it may be empty). */
export function searchUrl(query: SearchQuery): string {
  const params = new URLSearchParams({ q: (query.q ?? "").trim() });
  for (const name of ["from", "thread", "before", "after", "hasFile"] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  return `/api/search?${params}`;
}

export const searchResultsQuery = (query: SearchQuery) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => apiFetch(searchUrl(query), { schema: searchResults, signal }),
    // What is shown is read again on every opening; while open, events keep it honest (follow.ts).
    staleTime: 0,
    // The next answer replaces the last one in place, without a blank list between.
    placeholderData: keepPreviousData,
    // A refusal (too many searches, a bad date) is not asked again at once.
    retry: false,
  });

/** The answer to `query`, or nothing (not asked) while it is not searchable. */
export function useSearchResults(query: SearchQuery) {
  return useQuery({ ...searchResultsQuery(query), enabled: isSearchable(query) });
}

/** My department's active staff, by name: whom 'Fra' offers. */
export const searchColleaguesQuery = (deptId: string) =>
  queryOptions({
    queryKey: searchKeys.colleagues(deptId),
    queryFn: () =>
      apiFetch(`/api/departments/${encodeURIComponent(deptId)}/staff`, { schema: colleagueList }),
    staleTime: 5 * 60_000,
  });
