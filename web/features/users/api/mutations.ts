/**
 * What admins and leaders do with people. Each mutation refreshes every query of user
 * administration after (a change moves the person in the list and adds a log entry);
 * the dialogs say how it went, since they also show failures at their fields.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  type CreateUserInput,
  createUserPreview,
  createUserResponse,
  type demoUserInput,
  type EditUserInput,
  signInLinkResponse,
  userRow,
} from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import { userKeys, userPath } from "./keys.ts";

const t = ui.users;

/** A failure: our title, and the server's reason (e.g. the last admin) when it gave one. */
export function failed(err: unknown, title: string) {
  const reason = err instanceof ApiError && err.message !== title ? err.message : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

function useUsersMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useCreateUser = () =>
  useUsersMutation((body: CreateUserInput) =>
    apiFetch("/api/admin/users", { method: "POST", body, schema: createUserResponse }),
  );

/** 'Personen finnes allerede': what creating would change of whoever has the address (changes nothing). */
export const usePreviewCreateUser = () =>
  useMutation({
    mutationFn: (body: CreateUserInput) =>
      apiFetch("/api/admin/users/preview", { method: "POST", body, schema: createUserPreview }),
  });

export const useEditUser = (userId: string) =>
  useUsersMutation((body: EditUserInput) =>
    apiFetch(userPath(userId), { method: "PATCH", body, schema: userRow }),
  );

/** Leaders (de)activate in their current department, admins everywhere (no department). */
export const useSetActive = () =>
  useUsersMutation(({ userId, active, deptId }: { userId: string; active: boolean; deptId?: string }) =>
    apiFetch(userPath(userId, "activation"), { method: "POST", body: { active, deptId }, schema: userRow }),
  );

export const useDeleteUser = () =>
  useUsersMutation((userId: string) => apiFetch(userPath(userId), { method: "DELETE" }));

const demoCreated = z.object({ email: z.string(), fullName: z.string() });

export const useCreateDemoUser = () =>
  useUsersMutation((body: z.input<typeof demoUserInput>) =>
    apiFetch("/api/dev/demo-users", { method: "POST", body, schema: demoCreated }),
  );

export const useBootstrapDemo = () =>
  useUsersMutation(() =>
    apiFetch("/api/dev/bootstrap", { method: "POST", schema: z.object({ created: z.number() }) }),
  );

/** A sign-in link for a demo user, copied to the clipboard: 'Kopiert'. */
export function useCopySignInLink() {
  return useMutation({
    mutationFn: async (email: string) => {
      const { url } = await apiFetch("/api/dev/sign-in-link", {
        method: "POST",
        body: { email },
        schema: signInLinkResponse,
      });
      await navigator.clipboard.writeText(url);
    },
    onSuccess: () => toast.success(t.demo.copied, { description: t.demo.copiedBody }),
    onError: (err) => failed(err, t.demo.copyFailed),
  });
}
