/**
 * 'Varsler på denne enheten' (issue 27): my devices with push, subscribing this one,
 * removing one, and whether a push shows its content (common/schemas/push.ts).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type PushDevice,
  type PushState,
  type PushSubscriptionInput,
  pushDevice,
  pushState,
} from "../../../../common/schemas/push.ts";
import { apiFetch } from "../../../lib/api.ts";

export const pushKeys = { state: ["profile", "push"] } as const;

export function usePushState() {
  return useQuery({ queryKey: pushKeys.state, queryFn: () => apiFetch("/api/push", { schema: pushState }) });
}

/** Keeps the state's device list in step with a change the server confirmed. */
function useUpdateState() {
  const client = useQueryClient();
  return (change: (state: PushState) => PushState) =>
    client.setQueryData<PushState>(pushKeys.state, (state) => (state ? change(state) : state));
}

export function useAddDevice() {
  const update = useUpdateState();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionInput) =>
      apiFetch("/api/push/subscriptions", { method: "POST", body: subscription, schema: pushDevice }),
    // The same endpoint again is the same device: listed once.
    onSuccess: (device: PushDevice) =>
      update((s) => ({ ...s, devices: [...s.devices.filter((d) => d.id !== device.id), device] })),
  });
}

export function useRemoveDevice() {
  const update = useUpdateState();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/push/subscriptions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_answer, id) => update((s) => ({ ...s, devices: s.devices.filter((d) => d.id !== id) })),
  });
}

/** 'Vis innhold i varsler': saved at once. */
export function useSetShowContent() {
  const update = useUpdateState();
  return useMutation({
    mutationFn: (showContent: boolean) =>
      apiFetch("/api/push/preference", { method: "PUT", body: { showContent } }),
    onSuccess: (_answer, showContent) => update((s) => ({ ...s, showContent })),
  });
}
