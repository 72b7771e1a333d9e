/**
 * The access log's reads: my own rows ('Min Profil') and, for admins, the whole log by
 * its filters. Both newest first, a page at a time (`before` the last row seen).
 */
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AccessAction } from "../../../../common/domain/access-log.ts";
import type { OsloDate } from "../../../../common/domain/oslo-time.ts";
import { adminAccessPage, ownAccessPage } from "../../../../common/schemas/access-log.ts";
import { apiFetch } from "../../../lib/api.ts";

export interface NamedPerson {
  userId: string;
  name: string;
}

/** What the admin narrows the log to; people keep their names for the chips. */
export interface AccessFilters {
  subject: NamedPerson | null;
  actor: NamedPerson | null;
  action: AccessAction | "";
  from: OsloDate | null;
  to: OsloDate | null;
}

export const noFilters: AccessFilters = { subject: null, actor: null, action: "", from: null, to: null };

const withCursor = (path: string, params: URLSearchParams, before: string) => {
  if (before) params.set("before", before);
  return params.size ? `${path}?${params}` : path;
};

export const useMyAccessLog = () =>
  useInfiniteQuery({
    queryKey: ["access-log", "mine"],
    queryFn: ({ pageParam }) =>
      apiFetch(withCursor("/api/profile/access-log", new URLSearchParams(), pageParam), {
        schema: ownAccessPage,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** Not asked while the range runs backwards (the server would refuse it). */
export const useAccessLog = (filters: AccessFilters) => {
  const { subject, actor, action, from, to } = filters;
  const query = Object.entries({ subject: subject?.userId, actor: actor?.userId, action, from, to }).filter(
    (entry): entry is [string, string] => !!entry[1],
  );
  return useInfiniteQuery({
    queryKey: ["access-log", "all", query],
    queryFn: ({ pageParam }) =>
      apiFetch(withCursor("/api/admin/access-log", new URLSearchParams(query), pageParam), {
        schema: adminAccessPage,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: !from || !to || from <= to,
    // The rows stay while another filter's answer loads.
    placeholderData: keepPreviousData,
  });
};
