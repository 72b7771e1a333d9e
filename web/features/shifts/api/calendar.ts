/**
 * My calendar feed: a secret address my calendar app subscribes to. Renewing makes a new
 * address (the old one stops working); switching off removes it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarFeed } from "../../../../common/schemas/shifts.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { apiFetch } from "../../../lib/api.ts";
import { shiftKeys } from "./keys.ts";
import { failed } from "./mutations.ts";

const t = ui.shifts.calendar;

export const calendarQuery = () =>
  queryOptions({
    queryKey: shiftKeys.calendar,
    queryFn: () => apiFetch("/api/shifts/calendar", { schema: calendarFeed }),
  });

export const useCalendarFeed = (enabled: boolean) => useQuery({ ...calendarQuery(), enabled });

export function useCalendarChange() {
  const client = useQueryClient();
  return useMutation({
    // Creating and renewing are one request: a new address, the old one (if any) revoked.
    mutationFn: (change: "create" | "renew" | "off") =>
      apiFetch("/api/shifts/calendar", {
        method: change === "off" ? "DELETE" : "POST",
        schema: calendarFeed,
      }),
    onSuccess: (feed, change) => {
      client.setQueryData(shiftKeys.calendar, feed);
      if (change === "renew") toast.success(t.renewed);
      if (change === "off") toast.success(t.turnedOff);
    },
    onError: (err) => failed(err, t.failed),
  });
}
