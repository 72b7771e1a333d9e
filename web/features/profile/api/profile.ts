/** 'Min Profil': my name and phone, and where my data is downloaded. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { alertsState } from "../../../../common/schemas/alerts.ts";
import { sessionUser } from "../../../../common/schemas/auth.ts";
import type { ProfileEditInput } from "../../../../common/schemas/users.ts";
import { alertsKey } from "../../../lib/alerts.ts";
import { apiFetch } from "../../../lib/api.ts";
import { removeAvatar, uploadAvatar } from "../../../lib/avatar.ts";

/** Served as an attachment ('mine-data.json'): a plain link downloads it. */
export const myDataUrl = "/api/profile/export";

/**
 * After a change of me, everything is loaded again: the session (the user menu) and
 * every list that shows my name or avatar (chat, shifts, colleagues).
 */
function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export function useEditProfile() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: ProfileEditInput) =>
      apiFetch("/api/profile", { method: "PATCH", body, schema: sessionUser }),
    onSuccess: refresh,
  });
}

export function useMyAvatar(userId: string) {
  const refresh = useRefreshAll();
  return {
    upload: async (file: File, onProgress: (percent: number) => void) => {
      await uploadAvatar(userId, file, onProgress);
      await refresh();
    },
    remove: async () => {
      await removeAvatar(userId);
      await refresh();
    },
  };
}

/** 'Stille når jeg ikke er på vakt': saved at once; the answer is my alert state. */
export function useSetQuiet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quietOffShift: boolean) =>
      apiFetch("/api/me/alerts", { method: "PUT", body: { quietOffShift }, schema: alertsState }),
    onSuccess: (state) => client.setQueryData(alertsKey, state),
  });
}
