/**
 * What a person's table row and card both show: role, departments, status and the
 * actions their `can` allows. A leader's deactivation is in their current department
 * (the server asks for it); an admin's is everywhere.
 */
import { highestRole } from "../../../../common/domain/roles.ts";
import type { UserRow } from "../../../../common/schemas/users.ts";
import { ui } from "../../../../common/texts/index.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../components/ui/toaster.tsx";
import { useSession } from "../../../lib/session.tsx";
import { failed, useSetActive } from "../api/mutations.ts";

const t = ui.users;

/** What the list does when a row's 'Rediger' or 'Slett' is pressed: opens its dialog. */
export interface RowHandlers {
  onEdit: (user: UserRow) => void;
  onDelete: (user: UserRow) => void;
}

export function RoleBadge({ user }: { user: UserRow }) {
  const role = highestRole(user.memberships.filter((m) => m.isActive).map((m) => m.role));
  const shown = role ?? highestRole(user.memberships.map((m) => m.role));
  return (
    <Badge tone={shown === "admin" ? "primary" : shown === "leader" ? "info" : "neutral"}>
      {shown ? ui.roles.label[shown] : ui.roles.unknown}
    </Badge>
  );
}

export const departmentsOf = (user: UserRow) => user.memberships.map((m) => m.deptName).join(", ");

export function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? t.list.active : t.list.inactive}</Badge>;
}

/** Whether the person counts as active where I (de)activate them, and that department. */
function useActivationScope(user: UserRow) {
  const { role, currentDeptId } = useSession();
  if (role === "admin" || !currentDeptId) return { active: user.active, deptId: undefined };
  const here = user.memberships.find((m) => m.deptId === currentDeptId);
  return { active: here?.isActive ?? user.active, deptId: currentDeptId };
}

function ActivationButton({ user }: { user: UserRow }) {
  const { active, deptId } = useActivationScope(user);
  const setActive = useSetActive();
  const toggle = () =>
    setActive.mutate(
      { userId: user.userId, active: !active, deptId },
      {
        onSuccess: () =>
          toast.success(
            active ? t.activation.deactivated(user.fullName) : t.activation.activated(user.fullName),
          ),
        onError: (err) => failed(err, t.activation.failed),
      },
    );
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={setActive.isPending}
      aria-label={active ? t.actions.deactivateLabel(user.fullName) : t.actions.activateLabel(user.fullName)}
      onClick={toggle}
    >
      {active ? t.actions.deactivate : t.actions.activate}
    </Button>
  );
}

export function RowActions({ user, onEdit, onDelete }: { user: UserRow } & RowHandlers) {
  return (
    <div className="flex flex-wrap gap-2">
      {user.can.edit && (
        <Button
          size="sm"
          variant="outline"
          aria-label={t.actions.editLabel(user.fullName)}
          onClick={() => onEdit(user)}
        >
          {t.actions.edit}
        </Button>
      )}
      {user.can.deactivate && <ActivationButton user={user} />}
      {user.can.delete && (
        <Button
          size="sm"
          variant="outline"
          className="text-error"
          aria-label={t.actions.deleteLabel(user.fullName)}
          onClick={() => onDelete(user)}
        >
          {t.actions.delete}
        </Button>
      )}
    </div>
  );
}
