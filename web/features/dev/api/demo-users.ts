import { queryOptions, useMutation } from "@tanstack/react-query";
import { demoUserList } from "../../../../common/schemas/dev.ts";
import { apiFetch } from "../../../lib/api.ts";

/** The people the demo switcher offers (staging only); the list rarely changes. */
export const demoUsersQuery = () =>
  queryOptions({
    queryKey: ["dev", "demo-users"],
    queryFn: () => apiFetch("/api/dev/demo-users", { schema: demoUserList }),
    staleTime: 5 * 60_000,
  });

/** Signs this browser in as a demo user; loading their session is the caller's next step. */
export function useImpersonate() {
  return useMutation({
    mutationKey: ["dev", "impersonate"],
    mutationFn: (email: string) => apiFetch("/api/dev/impersonate", { method: "POST", body: { email } }),
  });
}
