/**
 * Reading duty roles: who holds each role now (for everyone in the department), the
 * leaders' grid, and the department's colleagues for 'Overlever til …'. Who holds a role
 * changes at the block's end without any event, so the roles now are read again then.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { colleagueList } from "../../../../common/schemas/departments.ts";
import { dutyGridDto, dutyNowDto } from "../../../../common/schemas/duty.ts";
import { apiFetch } from "../../../lib/api.ts";
import { dutyKeys, dutyPath } from "./keys.ts";

/** A second after the block under way ends (at least a second from now). */
export function untilBlockEnds(end: string | undefined, now = Date.now()): number | false {
  if (!end) return false;
  return Math.max(1_000, new Date(end).getTime() - now + 1_000);
}

export const dutyNowQuery = (deptId: string) =>
  queryOptions({
    queryKey: dutyKeys.now(deptId),
    // Read on every screen (the rail) and again at each block's end: never activity of its own.
    queryFn: () => apiFetch(dutyPath(deptId), { schema: dutyNowDto, background: true }),
    refetchInterval: (query) => untilBlockEnds(query.state.data?.block.end),
  });

export const dutyGridQuery = (deptId: string) =>
  queryOptions({
    queryKey: dutyKeys.grid(deptId),
    queryFn: () => apiFetch(dutyPath(deptId, "/grid"), { schema: dutyGridDto }),
  });

/** The department's active staff, by name: whom a role can be handed to. */
export const dutyStaffQuery = (deptId: string) =>
  queryOptions({
    queryKey: dutyKeys.staff(deptId),
    queryFn: () =>
      apiFetch(`/api/departments/${encodeURIComponent(deptId)}/staff`, { schema: colleagueList }),
  });

export const useDutyNow = (deptId: string) => useQuery(dutyNowQuery(deptId));
export const useDutyGrid = (deptId: string) => useQuery(dutyGridQuery(deptId));
export const useDutyStaff = (deptId: string, enabled = true) =>
  useQuery({ ...dutyStaffQuery(deptId), enabled });
