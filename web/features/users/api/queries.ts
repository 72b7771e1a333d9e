/** Reading user administration: the people, the departments, the log and the demo users. */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { departmentList } from "../../../../common/schemas/departments.ts";
import { demoUserList } from "../../../../common/schemas/dev.ts";
import { auditPage, userList } from "../../../../common/schemas/users.ts";
import { apiFetch } from "../../../lib/api.ts";
import { userKeys } from "./keys.ts";

/** The people the server lets me see, sorted by it (admin, leader, staff, then name). */
export const useUsers = (search: string) =>
  useQuery({
    queryKey: userKeys.list(search),
    queryFn: ({ signal }) => {
      const query = search ? `?${new URLSearchParams({ search })}` : "";
      return apiFetch(`/api/admin/users${query}`, { schema: userList, signal });
    },
    // While a new search is asked for, the last answer stays instead of a skeleton.
    placeholderData: keepPreviousData,
  });

export const useDepartments = () =>
  useQuery({
    queryKey: userKeys.departments,
    queryFn: () => apiFetch("/api/departments", { schema: departmentList }),
  });

/** The log, newest first, a page at a time (`before` the last entry seen); `action` "" is all. */
export const useAudit = (action: string) =>
  useInfiniteQuery({
    queryKey: userKeys.audit(action),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set("before", pageParam);
      if (action) params.set("action", action);
      const query = params.size ? `?${params}` : "";
      return apiFetch(`/api/admin/audit${query}`, { schema: auditPage });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
    // The filter's choices and the entries stay while another filter's answer loads.
    placeholderData: keepPreviousData,
  });

export const useDemoUsers = () =>
  useQuery({
    queryKey: userKeys.demo,
    queryFn: () => apiFetch("/api/dev/demo-users", { schema: demoUserList }),
  });
