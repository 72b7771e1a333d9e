/**
 * What people do with duty roles. Each mutation says how it went itself (a toast; on
 * failure our title and the server's Norwegian reason under it, e.g. 'Noen andre har
 * allerede tatt rollen.') and refreshes every duty query after.
 */
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type DutyGridDto,
  type DutyHolderInput,
  type DutyRoleInput,
  dutyNowDto,
  dutyRoleDto,
} from "../../../../common/schemas/duty.ts";
import { okResponse } from "../../../../common/schemas/errors.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError, apiFetch } from "../../../lib/api.ts";
import { dutyKeys, dutyPath, rolePath } from "./keys.ts";

const t = ui.duty;

const refreshAll = (client: QueryClient) => void client.invalidateQueries({ queryKey: dutyKeys.all });

/** A failure: our title, and the server's reason when it gave one. */
function failed(err: unknown, title: string) {
  const reason = err instanceof ApiError && err.message !== title ? err.message : undefined;
  toast.error(title, reason ? { description: reason } : undefined);
}

function useDutyMutation<Vars, Result>(
  mutationFn: (vars: Vars) => Promise<Result>,
  done: (result: Result, vars: Vars) => void,
  failure: string | null,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: done,
    // A form shows its own error under its field: `null` leaves the toast out.
    onError: (err) => {
      if (failure) failed(err, failure);
    },
    onSettled: () => refreshAll(client),
  });
}

/** 'Ny vaktrolle': the form shows a refusal under the name. */
export const useCreateRole = (deptId: string) =>
  useDutyMutation(
    (body: DutyRoleInput) =>
      apiFetch(dutyPath(deptId, "/roles"), { method: "POST", body, schema: dutyRoleDto }),
    (role) => toast.success(t.created(role.name)),
    null,
  );

export const useRenameRole = (deptId: string) =>
  useDutyMutation(
    ({ roleId, name }: { roleId: string; name: string }) =>
      apiFetch(rolePath(deptId, roleId), { method: "PATCH", body: { name }, schema: dutyRoleDto }),
    () => toast.success(t.renamed),
    null,
  );

export const useDeleteRole = (deptId: string) =>
  useDutyMutation(
    (roleId: string) => apiFetch(rolePath(deptId, roleId), { method: "DELETE", schema: okResponse }),
    () => toast.success(t.deleted),
    t.deleteFailed,
  );

type HolderChange = DutyHolderInput & { roleId: string; roleName: string; holderName: string | null };

/** The grid with the cell's new holder (or none), as the server will have it. */
function withHolder(grid: DutyGridDto, change: HolderChange): DutyGridDto {
  const others = grid.holdings.filter(
    (h) => !(h.roleId === change.roleId && h.blockStart === change.blockStart),
  );
  const holder = grid.staff.find((p) => p.userId === change.userId);
  return {
    ...grid,
    holdings: holder ? [...others, { roleId: change.roleId, blockStart: change.blockStart, holder }] : others,
  };
}

/**
 * A cell of the grid: a holder for one block, or 'Ingen'. The cell shows the choice at
 * once and keeps it while the grid is read again; a refusal puts the old holder back.
 */
export function useSetHolder(deptId: string) {
  const client = useQueryClient();
  const key = dutyKeys.grid(deptId);
  return useMutation({
    mutationFn: ({ roleId, blockStart, userId }: HolderChange) =>
      apiFetch(rolePath(deptId, roleId, "/holder"), {
        method: "PUT",
        body: { blockStart, userId },
        schema: okResponse,
      }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<DutyGridDto>(key);
      if (before) client.setQueryData(key, withHolder(before, change));
      return { before };
    },
    onSuccess: (_, change) =>
      toast.success(
        change.holderName ? t.assigned(change.holderName, change.roleName) : t.cleared(change.roleName),
      ),
    onError: (err, _, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      failed(err, t.assignFailed);
    },
    onSettled: () => refreshAll(client),
  });
}

/** 'Ta rollen'. */
export function useTakeRole(deptId: string) {
  const client = useQueryClient();
  return useDutyMutation(
    ({ roleId }: { roleId: string; roleName: string }) =>
      apiFetch(rolePath(deptId, roleId, "/take"), { method: "POST", body: {}, schema: dutyNowDto }),
    (now, vars) => {
      client.setQueryData(dutyKeys.now(deptId), now);
      toast.success(t.taken(vars.roleName));
    },
    t.takeFailed,
  );
}

/** 'Overlever til …'. */
export function useHandOver(deptId: string) {
  const client = useQueryClient();
  return useDutyMutation(
    ({ roleId, userId }: { roleId: string; roleName: string; userId: string; name: string }) =>
      apiFetch(rolePath(deptId, roleId, "/handover"), {
        method: "POST",
        body: { userId },
        schema: dutyNowDto,
      }),
    (now, vars) => {
      client.setQueryData(dutyKeys.now(deptId), now);
      toast.success(t.handedOver(vars.roleName, vars.name));
    },
    t.handOverFailed,
  );
}
